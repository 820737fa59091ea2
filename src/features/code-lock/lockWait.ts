import type { MessageKey, Params } from '../../strings/catalogue';

/**
 * How long the lock has left, in words read at a glance: seconds under a
 * minute, whole minutes under an hour, whole hours beyond. Rounded up, so the
 * panel never names a time before the lock ends.
 */
export function lockWait(seconds: number): { key: MessageKey; params?: Params } {
  if (seconds < 60) return seconds === 1 ? { key: 'lock.tryAgainOne' } : { key: 'lock.tryAgain', params: { seconds } };
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return minutes === 1 ? { key: 'lock.tryAgainMinute' } : { key: 'lock.tryAgainMinutes', params: { minutes } };
  const hours = Math.ceil(seconds / 3600);
  return hours === 1 ? { key: 'lock.tryAgainHour' } : { key: 'lock.tryAgainHours', params: { hours } };
}
