import type { Digit } from '../services/input/buttons';

const KEYS: Digit[] = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '0'];

/** On-screen 0-9 keypad for the touch panel. */
export function Keypad({ onDigit, disabled = false }: { onDigit: (digit: Digit) => void; disabled?: boolean }) {
  return (
    <div className="keypad">
      {KEYS.map((digit) => (
        <button key={digit} type="button" className="keypad-key" disabled={disabled} onClick={() => onDigit(digit)}>
          {digit}
        </button>
      ))}
    </div>
  );
}
