import { useEffect, useRef, useState } from 'react';
import { CancelButton } from '../../components/CancelButton';
import { useNavigate } from '../../hooks/pageAddress';
import { useButtons } from '../../features/input/useButtons';
import { useIdleTimeout } from '../../features/input/useIdleTimeout';
import { queueMessage } from '../../features/messages/messageQueue';
import { notificationPushed } from '../../features/notifications/notificationsSlice';
import { useDevice } from '../../features/session/useDevice';
import { useScreenStrings } from '../../features/session/useScreenStrings';
import { prompts } from '../../features/speech/prompts';
import { useSpokenPrompt } from '../../features/speech/useSpokenPrompt';
import { MESSAGE_MAX_MS, type MessageTake } from '../../services/messages/recorder';
import { useAppDispatch } from '../../store/hooks';
import { useServices } from '../../store/servicesContext';
import { english } from '../../strings/catalogue';
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

type Stage = 'offer' | 'starting' | 'recording' | 'saving' | 'sent';
const MAX_SECONDS = MESSAGE_MAX_MS / 1000;

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
  const { recorder, logger } = useServices();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [stage, setStage] = useState<Stage>('offer');
  const [seconds, setSeconds] = useState(MAX_SECONDS);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const take = useRef<MessageTake | null>(null);
  const shown = useRef(true);
  const goHome = () => navigate('/');

  useEffect(() => {
    shown.current = true;
    return () => {
      shown.current = false;
      take.current?.cancel();
      take.current = null;
    };
  }, []);

  const failed = (error: unknown) => {
    logger.child('messages', { callId: message.callId }).error('The message could not be recorded', error);
    if (!shown.current) return;
    dispatch(notificationPushed({ status: 'ERROR', title: english('notice.messageFailed') }));
    goHome();
  };

  const start = () => {
    setStage('starting');
    recorder.start().then((started) => {
      if (!shown.current) return started.cancel();
      take.current = started;
      setStream(started.stream);
      setStage('recording');
    }, failed);
  };

  /** Ends the take (the stop key, or 20 s) and keeps what was recorded; once only. */
  const stop = () => {
    const current = take.current;
    if (!current) return;
    take.current = null;
    setStream(null);
    setStage('saving');
    current
      .finish()
      .then((recording) =>
        dispatch(queueMessage({ callId: message.callId, kind: 'visitor', parts: [{ name: 'video', blob: recording }], residentName: message.residentName, recordedAt: new Date().toISOString() })),
      )
      .then((kept) => (kept ? shown.current && setStage('sent') : failed(new Error('The message could not be kept'))), failed);
  };
  const stopLatest = useRef(stop);
  useEffect(() => {
    stopLatest.current = stop;
  });

  useEffect(() => {
    if (stage !== 'recording') return;
    const endsAt = Date.now() + MESSAGE_MAX_MS;
    const timer = window.setInterval(() => {
      const left = Math.max(0, Math.ceil((endsAt - Date.now()) / 1000));
      setSeconds(left);
      if (left === 0) stopLatest.current();
    }, 250);
    return () => window.clearInterval(timer);
  }, [stage]);

  useButtons((button) => {
    if (button === 'BACK') goHome();
    if (button !== 'GO') return;
    if (stage === 'offer') start();
    else if (stage === 'recording') stop();
    else if (stage === 'sent' && message.manager) navigate('/call');
  });
  useIdleTimeout(() => (stage === 'offer' || stage === 'sent') && goHome());

  const spoken = stage === 'offer' ? prompts.messageOffer(model) : stage === 'recording' ? prompts.messageRecording(model) : stage === 'sent' ? prompts.messageSent(model, message.manager) : [];
  useSpokenPrompt(spoken);

  /** What GO does now: on button panels 'Press {go} to ...', on TOUCH the button's own words. */
  const label = (key: Parameters<typeof ts>[0], touchKey: Parameters<typeof ts>[0]) => (labels ? ts(key, { go: labels.go }) : ts(touchKey));
  const recording = stage === 'recording' || stage === 'starting';
  return (
    <main className="screen call message">
      <h1>{stage === 'sent' ? ts('message.sent') : message.title}</h1>
      <div className="message-body">
        {stage === 'offer' && <p className="message-consent">{message.consent}</p>}
        {stage === 'offer' && <MessageAction label={label('message.offerButtons', 'message.offerTouch')} onPress={start} />}
        {recording && (
          <p className="message-countdown" role="timer" aria-live="off">
            {ts('message.recording', { seconds })}
          </p>
        )}
        {stage === 'recording' && <MessageAction label={label('message.stopButtons', 'message.stopTouch')} onPress={stop} />}
        {stage === 'saving' && <p role="status">{ts('message.saving')}</p>}
        {stage === 'sent' && message.manager && <MessageAction label={label('message.managerButtons', 'message.managerTouch')} onPress={() => navigate('/call')} />}
      </div>
      {recording && (
        <figure className="call-videos message-preview">
          <StreamVideo stream={stream} muted className="call-preview" label={ts('call.yourCamera')} />
        </figure>
      )}
      <footer className="screen-footer">
        <CancelButton label={cancel} touch={touch} onCancel={goHome} />
      </footer>
    </main>
  );
}

/** The one thing GO does at each step; a tap does the same. */
function MessageAction({ label, onPress }: { label: string; onPress: () => void }) {
  return (
    <button type="button" className="message-action" onClick={onPress}>
      {label}
    </button>
  );
}
