import { ENGLISH, type Language, type Messages } from './catalogue';

const loaded = new Map<Language, Messages>([['en', ENGLISH]]);
const loading = new Map<Language, Promise<void>>();
const listeners = new Set<() => void>();

const importers: Record<Exclude<Language, 'en'>, () => Promise<{ default: Messages }>> = {
  es: () => import('./es.json'),
};

/** The messages of `language` once loaded, else undefined. */
export function loadedCatalogue(language: Language): Messages | undefined {
  return loaded.get(language);
}

/** Calls `listener` whenever a language finishes loading. */
export function onCatalogueLoaded(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Loads a language's chunk once; a failed load (the kiosk's server away) is
 * logged and tried again at the next call, and the kiosk speaks English meanwhile.
 */
export function loadCatalogue(language: Language, log?: (message: string, meta?: unknown) => void): Promise<void> {
  if (language === 'en' || loaded.has(language)) return Promise.resolve();
  const pending =
    loading.get(language) ??
    importers[language]().then(
      (module) => {
        loaded.set(language, module.default);
        listeners.forEach((listener) => listener());
      },
      (error: unknown) => {
        loading.delete(language);
        log?.(`The ${language} strings could not be loaded`, error);
      },
    );
  loading.set(language, pending);
  return pending;
}
