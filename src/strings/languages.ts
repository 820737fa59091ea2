/** The panel's languages; no strings here, so the build's configuration (vite.config.ts) can read it too. */
export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Reads a language name from outside (device record, build configuration); anything else is null. */
export function parseLanguage(value: unknown): Language | null {
  if (typeof value !== 'string') return null;
  const code = value.trim().toLowerCase().slice(0, 2);
  return (LANGUAGES as readonly string[]).includes(code) ? (code as Language) : null;
}
