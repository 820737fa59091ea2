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

let notices: Map<string, MessageKey> | null = null;

/** The `notice.*` key whose English text is `text` (a notification's title or body), if there is one. */
export function noticeKeyOf(text: string): MessageKey | undefined {
  notices ??= new Map(
    (Object.keys(ENGLISH) as MessageKey[]).filter((key) => key.startsWith('notice.')).map((key) => [ENGLISH[key], key]),
  );
  return notices.get(text);
}

export type Translate = (key: MessageKey, params?: Params) => string;

export function translator(messages: Messages): Translate {
  return (key, params) => format(messages[key] ?? ENGLISH[key], params);
}
