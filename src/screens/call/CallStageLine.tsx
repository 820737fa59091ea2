import { useCallback, useSyncExternalStore, type ComponentType } from 'react';
import { ConnectedPictogram, PhonePictogram, RingingPictogram } from '../../components/CallPictograms';
import type { CallState } from '../../features/call/callMachine';
import { callStage, nextStep, type CallStage } from '../../features/call/callStage';
import { useScreenStrings } from '../../features/session/useScreenStrings';
import type { ScreenKey } from '../../strings/screenStrings';
import { everySecond, never } from '../../lib/everySecond';

/** How each stage of a live call shows; the endings show on the notification that follows (docs/rules.md#r2-7-7). */
const SHOWN: Partial<Record<CallStage, { words: ScreenKey; picture: ComponentType<{ label: string }>; name: ScreenKey }>> = {
  'ringing-app': { words: 'call.stageRingingApp', picture: RingingPictogram, name: 'call.pictureRinging' },
  'ringing-phone': { words: 'call.stageRingingPhone', picture: PhonePictogram, name: 'call.picturePhone' },
  connected: { words: 'call.stageConnected', picture: ConnectedPictogram, name: 'call.pictureConnected' },
};

/**
 * Where the call is, beside SPEC's 'Calling {name}...': a pictogram and the
 * stage's words (announced as they change), and while it rings the seconds
 * before the next step. The one timer runs only while a countdown shows, and
 * stops when it ends or the screen goes.
 */
export function CallStageLine({ call }: { call: CallState }) {
  const ts = useScreenStrings();
  const stage = callStage(call);
  const countdown = useCallback(() => {
    const next = nextStep(call, Date.now());
    return next && ts(next.step === 'phone' ? 'call.nextPhone' : 'call.nextEnd', { seconds: next.seconds });
  }, [call, ts]);
  const next = useSyncExternalStore(stage === 'ringing-app' || stage === 'ringing-phone' ? everySecond : never, countdown);
  const shown = SHOWN[stage];
  return (
    <div className="call-stage">
      <p className="call-stage-now" aria-live="polite">
        {shown ? <shown.picture label={ts(shown.name)} /> : null}
        {shown ? ts(shown.words) : null}
      </p>
      {next ? (
        <p className="call-stage-next" role="timer">
          {next}
        </p>
      ) : null}
    </div>
  );
}
