import { CancelButton } from '../../components/CancelButton';
import { useDeliveryMessage, type DeliveryStage } from '../../features/delivery/useDeliveryMessage';
import { useButtons } from '../../features/input/useButtons';
import { useIdleTimeout } from '../../features/input/useIdleTimeout';
import type { PanelModel } from '../../features/session/models';
import { useDevice } from '../../features/session/useDevice';
import { useScreenStrings } from '../../features/session/useScreenStrings';
import { prompts } from '../../features/speech/prompts';
import { useSpokenPrompt } from '../../features/speech/useSpokenPrompt';
import { useServices } from '../../store/servicesContext';
import { Countdown, MessageAction, MessageLayout } from './MessageLayout';
import { StreamVideo } from './StreamVideo';

interface Props {
  /** The back end's id of the delivery call nobody answered: the message is filed under it. */
  serverCallId: string;
  name: string;
  onDone: () => void;
}

/** What each step says as it shows; taking the picture and keeping the message say nothing of their own. */
const SPOKEN: Record<DeliveryStage, (model: PanelModel) => string[]> = {
  offer: prompts.deliveryOffer,
  taking: () => [],
  'clip-offer': prompts.deliveryClip,
  recording: prompts.messageRecording,
  saving: () => [],
};

/**
 * docs/rules.md#r2-7-8: after a delivery nobody answered, the courier may
 * send a picture of the parcel and, where the panel can record, add one clip
 * of up to 10 s; before the picture BACK, the way out or 60 s without input
 * go home with nothing sent; once it is taken they send it alone (a clip
 * that records is ended and dropped). Leaving stops the camera.
 */
export function DeliveryOffer({ serverCallId, name, onDone }: Props) {
  const { t, labels, touch, cancel, model } = useDevice();
  const ts = useScreenStrings();
  const { capabilities } = useServices();
  const message = useDeliveryMessage({ serverCallId, name }, capabilities.camera && capabilities.mediaRecorder, onDone);
  const { stage, take } = message;
  const withPicture = stage === 'clip-offer' || stage === 'recording';
  useSpokenPrompt(SPOKEN[stage](model));
  useIdleTimeout(() => {
    if (stage === 'clip-offer') message.pictureAlone();
    else if (stage !== 'recording') onDone();
  });
  useButtons((button) => {
    if (button === 'BACK') return withPicture ? message.pictureAlone() : onDone();
    if (button !== 'GO') return;
    if (stage === 'offer') message.send();
    else if (stage === 'clip-offer') message.addClip();
    else if (take.phase === 'recording') take.stop();
  });

  const aside =
    stage === 'recording' ? (
      <StreamVideo stream={take.stream} muted className="call-preview" label={ts('call.yourCamera')} />
    ) : stage === 'clip-offer' && message.picture ? (
      <img className="call-preview message-picture" src={message.picture} alt={ts('delivery.yourPicture')} />
    ) : null;
  // Once the picture is taken, the way out sends it: 'Press {back} to send the picture alone' (TOUCH: a button).
  const footer = withPicture ? (
    <CancelButton label={labels ? ts('delivery.pictureAloneButtons', { back: labels.back }) : ts('delivery.pictureAlone')} touch={touch} onCancel={message.pictureAlone} />
  ) : (
    <CancelButton label={cancel} touch={touch} onCancel={onDone} />
  );
  return (
    <MessageLayout title={t('notice.noAnswer', { name })} reason={ts('call.delivery')} aside={aside} footer={footer}>
      {(stage === 'offer' || stage === 'taking') && <p>{ts('delivery.offer')}</p>}
      {(stage === 'offer' || stage === 'taking') && <MessageAction hint={labels?.go} label={ts('delivery.sendPicture')} onPress={message.send} disabled={stage === 'taking'} />}
      {stage === 'clip-offer' && <p>{ts('delivery.clipOffer')}</p>}
      {stage === 'clip-offer' && <MessageAction hint={labels?.go} label={ts('delivery.addClip')} onPress={message.addClip} />}
      {stage === 'recording' && <Countdown text={ts('message.recording', { seconds: take.seconds })} />}
      {take.phase === 'recording' && <MessageAction hint={labels?.go} label={ts('message.stopTouch')} onPress={take.stop} />}
      <p className="message-status" role="status">
        {stage === 'taking' ? ts('delivery.taking') : stage === 'saving' ? ts('message.saving') : ''}
      </p>
    </MessageLayout>
  );
}
