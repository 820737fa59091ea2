import { CODE_LOCKED, tryAgainIn } from '../../session/models';

/** Why codes are not taken right now, and for how long. The countdown is not announced every second. */
export function CodeLockNotice({ seconds }: { seconds: number }) {
  return (
    <section className="code-lock" aria-label={CODE_LOCKED}>
      <p className="code-lock-title" role="alert">
        {CODE_LOCKED}
      </p>
      <p className="code-lock-countdown" aria-live="off">
        {tryAgainIn(seconds)}
      </p>
    </section>
  );
}
