import { format, type Language, type Params } from './catalogue';

/**
 * A part of the catalogue that only a lazy chunk needs (the guidance, the
 * installer screen): it carries both languages, which are small, so a
 * visitor's first screen carries neither.
 */
export function partStrings<Key extends string>(part: Record<Language, Record<Key, string>>) {
  return (language: Language) =>
    (key: Key, params?: Params): string =>
      format(part[language][key], params);
}
