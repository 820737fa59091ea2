import { codeSlots } from '../screens/enter-code/codeEntry';

/** Masked or plain digit slots, e.g. "* * - - -". */
export function CodeSlots({ digits, length, label }: { digits: string; length: number; label: string }) {
  return (
    <div className="code-slots" role="status" aria-label={label}>
      {codeSlots(digits, length).map((slot, index) => (
        <span key={index} className={slot === '-' ? 'slot slot-empty' : 'slot slot-filled'}>
          {slot}
        </span>
      ))}
    </div>
  );
}
