export type Digit = '0' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9';
/** The panel's buttons, whatever produced them (keyboard, keypad, gamepad). */
export type Button = 'UP' | 'DOWN' | 'BACK' | 'GO' | 'SPACE' | Digit;

export const isDigit = (button: Button): button is Digit => /^\d$/.test(button);

const KEY_MAP: Record<string, Button> = {
  Enter: 'GO',
  ArrowRight: 'GO',
  '#': 'GO',
  Escape: 'BACK',
  ArrowLeft: 'BACK',
  '*': 'BACK',
  PageUp: 'UP',
  ArrowUp: 'UP',
  PageDown: 'DOWN',
  ArrowDown: 'DOWN',
  ' ': 'SPACE',
};

type KeyLike = Pick<KeyboardEvent, 'key' | 'metaKey' | 'ctrlKey' | 'altKey'>;

/** Normalizes a key press; null for modified presses and keys the panel does not have. */
export function keyToButton(event: KeyLike): Button | null {
  if (event.metaKey || event.ctrlKey || event.altKey) return null;
  if (/^\d$/.test(event.key)) return event.key as Digit;
  return KEY_MAP[event.key] ?? null;
}

/** Gamepad buttons 0 to 3. */
export const GAMEPAD_BUTTONS: readonly Button[] = ['UP', 'GO', 'DOWN', 'BACK'];
