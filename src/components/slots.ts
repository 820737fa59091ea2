/** '*' for each entered digit, '-' for each empty slot. */
export function codeSlots(digits: string, length: number): string[] {
  return Array.from({ length }, (_, index) => (index < digits.length ? '*' : '-'));
}

/** A slot's classes: filled or empty, and the one the next digit goes into marked, so a visitor with the panel's buttons sees where their typing lands. */
export function slotClass(index: number, filled: number): string {
  return index < filled ? 'slot slot-filled' : index === filled ? 'slot slot-empty slot-next' : 'slot slot-empty';
}
