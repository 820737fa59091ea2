/** '*' for each entered digit, '-' for each empty slot. */
export function codeSlots(digits: string, length: number): string[] {
  return Array.from({ length }, (_, index) => (index < digits.length ? '*' : '-'));
}

/** Masked or plain digit slots, e.g. "* * - - -". */
export function CodeSlots({ digits, length, label }: { digits: string; length: number; label: string }) {
  return <Slots slots={codeSlots(digits, length)} filled={digits.length} label={label} className="code-slots" />;
}

/**
 * Digit slots; the one the next digit goes into is marked, so a visitor with
 * the panel's buttons sees where their typing lands.
 */
export function Slots({ slots, filled, label, className }: { slots: string[]; filled: number; label: string; className: string }) {
  return (
    <div className={className} role="status" aria-label={label}>
      {slots.map((slot, index) => (
        <span
          key={index}
          className={index < filled ? 'slot slot-filled' : index === filled ? 'slot slot-empty slot-next' : 'slot slot-empty'}
        >
          {slot}
        </span>
      ))}
    </div>
  );
}
