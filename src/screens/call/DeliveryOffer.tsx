import { CancelButton } from '../../components/CancelButton';
import { useDeliveryMessage } from '../../features/delivery/useDeliveryMessage';
import { useButtons } from '../../features/input/useButtons';
import { useIdleTimeout } from '../../features/input/useIdleTimeout';
import { useDevice } from '../../features/session/useDevice';
import { useScreenStrings } from '../../features/session/useScreenStrings';
import { prompts } from '../../features/speech/prompts';
import { useSpokenPrompt } from '../../features/speech/useSpokenPrompt';

interface Props {
  /** The back end's id of the delivery call nobody answered: the message is filed under it. */
  serverCallId: string;
  name: string;
  onDone: () => void;
}

/**
 * docs/rules.md#r2-7-8: after a delivery nobody answered, the courier may
 * send a picture of the parcel; BACK, the way out or 60 s without input go
 * home with nothing sent, and leaving stops the camera.
 */
export function DeliveryOffer({ serverCallId, name, onDone }: Props) {
  const { t, labels, touch, cancel, model } = useDevice();
  const ts = useScreenStrings();
  const message = useDeliveryMessage({ serverCallId, name }, onDone);
  useSpokenPrompt(message.busy ? [] : prompts.deliveryOffer(model));
  useIdleTimeout(onDone);
  useButtons((button) => {
    if (button === 'BACK') onDone();
    else if (button === 'GO') message.send();
  });

  return (
    <main className="screen call delivery-offer">
      <header className="call-title">
        <h1>{t('notice.noAnswer', { name })}</h1>
        <p className="call-reason">{ts('call.delivery')}</p>
      </header>
      <p className="delivery-offer-text">{ts('delivery.offer')}</p>
      <div className="delivery-offer-actions">
        <button type="button" className="home-link delivery-send" onClick={message.send} disabled={message.busy}>
          {labels ? <kbd className="button-hint">{labels.go}</kbd> : null}
          <span>{ts('delivery.sendPicture')}</span>
        </button>
      </div>
      <p className="call-status" role="status">
        {message.busy ? ts('delivery.taking') : ''}
      </p>
      <footer className="screen-footer">
        <CancelButton label={cancel} touch={touch} onCancel={onDone} />
      </footer>
    </main>
  );
}
