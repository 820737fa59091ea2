import { isRecord } from '../../services/json';

/**
 * A stored code lock's lock, its span still to be read (null: none;
 * undefined: no record to read it from). codeLockStored reads the span; the
 * first frame, before the bundle runs, only whether there is one: this
 * module stays free of the reader's schemas for it.
 */
export const storedLock = (stored: unknown): unknown => (isRecord(stored) ? (stored.lock ?? null) : undefined);
