import { nanoid } from '@reduxjs/toolkit';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from '../../hooks/pageAddress';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { useServices } from '../../store/servicesContext';
import { offersMessage } from '../../features/call/messageOffer';
import { CancelButton } from '../../components/CancelButton';
import { callEnding, callRequested } from '../../features/call/callEvents';
import { selectCall } from '../../features/call/callSlice';
import { callStage, type CallStage } from '../../features/call/callStage';
import { callTargetFromQuery, describeTarget, isDeliveryCall } from '../../features/call/callTarget';
import { useCallStreams } from '../../features/call/useCallStreams';
import { useButtons } from '../../features/input/useButtons';
import { selectPropertyData } from '../../features/property/propertySlice';
import { selectDeliveriesEnabled } from '../../features/session/deviceSettings';
import type { PanelModel } from '../../features/session/models';
import { useDevice } from '../../features/session/useDevice';
import { useScreenStrings } from '../../features/session/useScreenStrings';
import { prompts } from '../../features/speech/prompts';
import { useSpokenPrompt } from '../../features/speech/useSpokenPrompt';
import { ActiveIcon, PhoneIcon } from './CallIcons';
import { CallStageLine } from './CallStageLine';
import { DeliveryOffer } from './DeliveryOffer';
import { StreamVideo } from './StreamVideo';
import { useMessageFor } from './useMessageFor';
import { VisitorMessage } from './VisitorMessage';
import './CallScreen.css';

const quiet = () => [];
/** Each stage said once as it comes (docs/rules.md#r2-7-7); an ending is said by its sound, over the notification. */
const STAGE_PROMPTS: Record<CallStage, (model: PanelModel) => string[]> = {
  placing: prompts.calling,
  'ringing-app': prompts.ringingApp,
  'ringing-phone': prompts.ringingPhone,
  connected: prompts.connected,
  'no-answer': quiet,
  declined: quiet,
  ended: quiet,
};

/**
 * `/call` and `/call?resident={id}`: starts a call when shown and ends it when
 * left (Cancel, BACK, any other way); goes home once the call has ended, but
 * for a delivery nobody answered (`&reason=delivery`, docs/rules.md#r2-7-8),
 * which offers the courier a delivery message.
 */
export function CallScreen() {
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const params = useSearchParams();
  const resident = params.get('resident');
  const target = useMemo(() => callTargetFromQuery(resident), [resident]);
  const deliveries = useAppSelector(selectDeliveriesEnabled);
  // Read once: a property reload that changes the flag neither restarts nor changes the call under way.
  const [delivery] = useState(() => isDeliveryCall(params.get('reason'), target, deliveries));
  const data = useAppSelector(selectPropertyData);
  const { t, model, cancel, touch } = useDevice();
  const ts = useScreenStrings();
  const residentName = useMemo(() => (target.kind === 'resident' && data && describeTarget(target, data)?.name) || null, [data, target]);
  // The manager and the hidden test resident are named in the panel's language.
  const name = residentName ?? t(target.kind === 'manager' ? 'call.manager' : 'call.someone');
  const call = useAppSelector(selectCall);
  const { phase, connected, callId } = call;
  const { local, remote } = useCallStreams();
  // The ids of the calls this screen placed (one per request; a set, read while drawing, that the request's effect adds to).
  const [placed] = useState(() => new Set<string>());

  useEffect(() => {
    const id = nanoid();
    placed.add(id);
    dispatch(callRequested({ callId: id, target, delivery }));
    return () => {
      dispatch(callEnding({ callId: id }));
    };
  }, [dispatch, target, delivery, placed]);

  const { capabilities } = useServices();
  // The store may still hold an older screen's call until this one's request: only a call placed here counts.
  const ours = callId !== null && placed.has(callId);
  const stage = callStage(call);
  // A delivery the back end created and nobody answered: its own offer, filed under that call, in place of the visitor's.
  const deliveryOffered = ours && delivery && stage === 'no-answer' ? call.serverCallId : null;
  const offered = useAppSelector((state) => offersMessage(state, capabilities)) && ours && deliveryOffered === null;
  const message = useMessageFor(target, residentName, offered ? call.serverCallId : null);

  useEffect(() => {
    if (phase === 'ended' && ours && !offered && deliveryOffered === null) navigate('/');
  }, [phase, ours, navigate, offered, deliveryOffered]);

  const goHome = () => navigate('/');
  useButtons((button) => {
    if (button === 'BACK' && deliveryOffered === null) goHome();
  });

  // An ended call ('no-answer') says nothing here: its offer speaks.
  useSpokenPrompt(STAGE_PROMPTS[stage](model));

  if (deliveryOffered !== null) return <DeliveryOffer serverCallId={deliveryOffered} name={name} onDone={goHome} />;
  const remoteVideo = remote !== null && remote.getVideoTracks().length > 0;
  if (message) return <VisitorMessage message={message} />;
  return (
    <main className="screen call">
      <header className="call-title">
        <h1>{ts('call.title', { name })}</h1>
        {delivery && <p className="call-reason">{ts('call.delivery')}</p>}
      </header>
      <div className={remoteVideo ? 'call-videos call-videos-remote' : 'call-videos'}>
        <StreamVideo stream={remote} muted={false} className="call-remote" label={ts('call.remoteVideo', { name })} />
        <figure className="call-local">
          <StreamVideo stream={local} muted className="call-preview" label={ts('call.yourCamera')} />
          <figcaption>{ts('call.smile')}</figcaption>
        </figure>
      </div>
      <p className={connected ? 'call-status call-status-connected' : 'call-status'} role="status">
        {connected ? <ActiveIcon /> : <PhoneIcon />}
        {connected ? ts('call.connected', { name }) : ts('call.calling', { name })}
      </p>
      <CallStageLine call={call} />
      <footer className="screen-footer">
        <CancelButton label={cancel} touch={touch} onCancel={goHome} />
      </footer>
    </main>
  );
}
