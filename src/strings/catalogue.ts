import en from './en.json';
import { format, type Params } from './format';

/**
 * Every string the kiosk shows or speaks, in one catalogue: English
 * (`en.json`, the strings of docs/rules.md verbatim) in the first bundle, each other
 * language a lazy chunk with the same keys. `{name}` marks a value filled in.
 */
export type MessageKey = keyof typeof en;
export type Messages = Record<MessageKey, string>;

export { LANGUAGES, parseLanguage, type Language } from './languages';
export { format, type Params } from './format';

export const ENGLISH: Messages = en;

/** English text of a key: what notifications, the back end's log and the stored state carry. */
export function english(key: MessageKey, params?: Params): string {
  return format(ENGLISH[key], params);
}

/** A notification's text read back: its `notice.*` key, and the values filled into the key's placeholders. */
export interface NoticeText {
  key: MessageKey;
  params?: Params;
}

let notices: { exact: Map<string, MessageKey>; templates: Array<{ key: MessageKey; pattern: RegExp; names: string[] }> } | null = null;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function noticeIndex(): NonNullable<typeof notices> {
  const keys = (Object.keys(ENGLISH) as MessageKey[]).filter((key) => key.startsWith('notice.'));
  const templated = (key: MessageKey) => /\{\w+\}/.test(ENGLISH[key]);
  return {
    exact: new Map(keys.filter((key) => !templated(key)).map((key) => [ENGLISH[key], key])),
    templates: keys.filter(templated).map((key) => {
      const parts = ENGLISH[key].split(/\{(\w+)\}/);
      // split with a group alternates text and placeholder names: text at even places, names at odd ones.
      const names = parts.filter((_, index) => index % 2 === 1);
      const pattern = new RegExp(`^${parts.map((part, index) => (index % 2 === 1 ? '(.+)' : escapeRegExp(part))).join('')}$`);
      return { key, pattern, names };
    }),
  };
}

/**
 * Reads the catalogue's notices once (their texts, their templates as
 * patterns): ahead, once the page is idle, so that a page's first notice (the
 * fifth digit's, on every page after a reload) does not build it in its frame.
 */
export function prepareNotices(): NonNullable<typeof notices> {
  return (notices ??= noticeIndex());
}

/** The `notice.*` key whose English text is `text` (a notification's title or body), with the values it was filled with, if there is one. */
export function noticeOf(text: string): NoticeText | undefined {
  const known = prepareNotices();
  const key = known.exact.get(text);
  if (key) return { key };
  for (const { key: templateKey, pattern, names } of known.templates) {
    const match = pattern.exec(text);
    if (match) return { key: templateKey, params: Object.fromEntries(names.map((name, index) => [name, match[index + 1]!])) };
  }
  return undefined;
}

export type Translate = (key: MessageKey, params?: Params) => string;

export function translator(messages: Messages): Translate {
  return (key, params) => format(messages[key] ?? ENGLISH[key], params);
}
