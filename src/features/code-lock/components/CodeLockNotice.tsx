import type { ReactNode } from 'react';
import { useDevice } from '../../session/useDevice';
import { lockWait } from '../lockWait';

/** Why codes are not taken right now, and for how long. The countdown is not announced every second. */
export function CodeLockNotice({ seconds, children }: { seconds: number; children?: ReactNode }) {
  const { t } = useDevice();
  const title = t('lock.title');
  const wait = lockWait(seconds);
  return (
    <section className="code-lock" aria-label={title}>
      <p className="code-lock-title" role="alert">
        {title}
      </p>
      <p className="code-lock-countdown" aria-live="off">
        {t(wait.key, wait.params)}
      </p>
      {children}
    </section>
  );
}
