import { useState } from 'react';
import { CancelButton } from '../../components/CancelButton';
import { useNavigate } from '../../hooks/pageAddress';
import { useButtons } from '../../features/input/useButtons';
import { useIdleTimeout } from '../../features/input/useIdleTimeout';
import { queueMessage } from '../../features/messages/messageQueue';
import { useMessageTake } from '../../features/messages/useMessageTake';
import { notificationPushed } from '../../features/notifications/notificationsSlice';
import { useDevice } from '../../features/session/useDevice';
import { useScreenStrings } from '../../features/session/useScreenStrings';
import { prompts } from '../../features/speech/prompts';
import { useSpokenPrompt } from '../../features/speech/useSpokenPrompt';
import { MESSAGE_MAX_MS } from '../../services/messages/recorder';
import { useAppDispatch } from '../../store/hooks';
import { useServices } from '../../store/servicesContext';
import { english } from '../../strings/catalogue';
import { Countdown, MessageAction, MessageLayout } from './MessageLayout';
import { StreamVideo } from './StreamVideo';

export interface MessageFor {
  /** The back end's id of the call nobody answered. */
  callId: string;
  /** '{name} did not answer', in the panel's language. */
  title: string;
  /** 'Your video will be sent to {name}'. */
  consent: string;
  /** Who it is for, for the queue's log. */
  residentName: string;
  /** Whether "call the manager" follows the message (a resident's call, on a property with a manager to call). */
  manager: boolean;
}

/**
 * docs/rules.md#r8-1-18: after a call nobody answered, the visitor may leave
 * one video message: the consent line, then one take of up to 20 s with a
 * countdown and a stop key, kept in the panel's database before "Your
 * message was sent" shows (the queue sends it), then one press to call the
 * manager. Leaving the screen at any point ends the take and every track.
 */
export function VisitorMessage({ message }: { message: MessageFor }) {
  const { labels, touch, cancel, model } = useDevice();
  const ts = useScreenStrings();
  const { logger } = useServices();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [sent, setSent] = useState(false);
  const goHome = () => navigate('/');

  const failed = (error: unknown, shown: boolean) => {
    logger.child('messages', { callId: message.callId }).error('The message could not be recorded', error);
    if (!shown) return;
    dispatch(notificationPushed({ status: 'ERROR', title: english('notice.messageFailed') }));
    goHome();
  };
  const take = useMessageTake(MESSAGE_MAX_MS, {
    // Kept even when the visitor left right after the stop key: the stop was their choice.
    recorded: (recording, shown) =>
      void dispatch(queueMessage({ callId: message.callId, kind: 'visitor', parts: [{ name: 'video', blob: recording }], residentName: message.residentName, recordedAt: new Date().toISOString() })).then(
        (kept) => (kept ? shown && setSent(true) : failed(new Error('The message could not be kept'), shown)),
      ),
    failed,
  });
  const offer = take.phase === 'idle';
  const recording = take.phase === 'starting' || take.phase === 'recording';
  const saving = take.phase === 'stopped' && !sent;

  useButtons((button) => {
    if (button === 'BACK') goHome();
    if (button !== 'GO') return;
    if (offer) take.start();
    else if (take.phase === 'recording') take.stop();
    else if (sent && message.manager) navigate('/call');
  });
  useIdleTimeout(() => (offer || sent) && goHome());

  const spoken = offer ? prompts.messageOffer(model) : take.phase === 'recording' ? prompts.messageRecording(model) : sent ? prompts.messageSent(model, message.manager) : [];
  useSpokenPrompt(spoken);

  /** What GO does now: on button panels 'Press {go} to ...', on TOUCH the button's own words. */
  const label = (key: Parameters<typeof ts>[0], touchKey: Parameters<typeof ts>[0]) => (labels ? ts(key, { go: labels.go }) : ts(touchKey));
  return (
    <MessageLayout
      title={sent ? ts('message.sent') : message.title}
      aside={recording && <StreamVideo stream={take.stream} muted className="call-preview" label={ts('call.yourCamera')} />}
      footer={<CancelButton label={cancel} touch={touch} onCancel={goHome} />}
    >
      {offer && <p className="message-consent">{message.consent}</p>}
      {offer && <MessageAction label={label('message.offerButtons', 'message.offerTouch')} onPress={take.start} />}
      {recording && <Countdown text={ts('message.recording', { seconds: take.seconds })} />}
      {take.phase === 'recording' && <MessageAction label={label('message.stopButtons', 'message.stopTouch')} onPress={take.stop} />}
      {saving && <p role="status">{ts('message.saving')}</p>}
      {sent && message.manager && <MessageAction label={label('message.managerButtons', 'message.managerTouch')} onPress={() => navigate('/call')} />}
    </MessageLayout>
  );
}
