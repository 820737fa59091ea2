import { codeSlots, slotClass } from './slots';

/** Masked or plain digit slots, e.g. "* * - - -". */
export function CodeSlots({ digits, length, label }: { digits: string; length: number; label: string }) {
  return <Slots slots={codeSlots(digits, length)} filled={digits.length} label={label} className="code-slots" />;
}

/** Digit slots (slots.ts); the first `filled` are filled. */
export function Slots({ slots, filled, label, className }: { slots: string[]; filled: number; label: string; className: string }) {
  return (
    <div className={className} role="status" aria-label={label}>
      {slots.map((slot, index) => (
        <span key={index} className={slotClass(index, filled)}>
          {slot}
        </span>
      ))}
    </div>
  );
}
