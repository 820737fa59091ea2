import { useDevice } from '../features/session/useDevice';

/** '◀ CANCEL' on TOUCH, 'Press <back> to cancel' on button panels; both can be tapped. */
export function CancelButton({ onCancel }: { onCancel: () => void }) {
  const { cancel, touch } = useDevice();
  return (
    <button type="button" className={touch ? 'cancel cancel-touch' : 'cancel'} onClick={onCancel}>
      {cancel}
    </button>
  );
}
