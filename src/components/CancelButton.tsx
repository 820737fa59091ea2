/** The way out of a screen: '◀ CANCEL' on TOUCH, 'Press <back> to cancel' on button panels (useDevice's `cancel`); both can be tapped. */
export function CancelButton({ label, touch, onCancel }: { label: string; touch: boolean; onCancel: () => void }) {
  return (
    <button type="button" className={touch ? 'cancel cancel-touch' : 'cancel'} onClick={onCancel}>
      {label}
    </button>
  );
}
