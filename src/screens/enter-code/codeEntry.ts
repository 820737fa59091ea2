import { ACCESS_CODE_LENGTH } from '../../features/property/validCodes';
import { createListeners } from '../../lib/listeners';

/** The digits a link may pre-fill, short of a whole code so nothing validates by itself. */
export function initialDigits(raw: string | null): string {
  return (raw ?? '').replace(/\D/g, '').slice(0, ACCESS_CODE_LENGTH - 1);
}

/** The digits typed so far, held outside React: a digit renders the slots alone, not the whole screen. */
export interface EnteredDigits {
  get(): string;
  set(digits: string): void;
  subscribe(listener: () => void): () => void;
}

export function enteredDigits(initial: string): EnteredDigits {
  let digits = initial;
  const listeners = createListeners();
  return {
    get: () => digits,
    set(next) {
      digits = next;
      listeners.notify();
    },
    subscribe: listeners.subscribe,
  };
}
