import { nanoid } from '@reduxjs/toolkit';
import * as v from 'valibot';
import { parseInstant } from '../../features/access-queue/accessRequestKey';
import type { AccessQueueState } from '../../features/access-queue/accessQueueSlice';
import type { CodeLockState } from '../../features/code-lock/codeLockSlice';
import { FAULT_KINDS, type DiagnosticsState } from '../../features/diagnostics/diagnosticsSlice';
import type { NotificationsState } from '../../features/notifications/notificationsSlice';
import { parseFeatureFlags, type FeatureFlagsState } from '../../features/property/featureFlagsSlice';
import { parsePropertyResponse } from '../../features/property/parsePropertyResponse';
import type { PropertyState } from '../../features/property/propertySlice';
import type { RecentCallsState } from '../../features/recent-calls/recentCallsSlice';
import { parseModel } from '../../features/session/models';
import type { SessionState } from '../../features/session/sessionSlice';
import { describeIssues, flag, parseEach, text } from '../../services/api/answerSchemas';
import type { RootState, TransientKey } from '../rootReducer';
import { isRecord } from '../../services/json';

/** The parts of the state kept across reloads (docs/rules.md#r3-5-1: all but the app's own). */
export type StoredKey = Exclude<keyof RootState, TransientKey>;

/** A part read back: its state, and a line for each thing in it that had to be dropped. */
export interface ReadPart<T> {
  state: T;
  problems: string[];
}

export interface StoredPart<T> {
  /** Bumped with a migration whenever the stored shape changes. */
  version: number;
  /** migrations[n] turns what version n - 1 stored into version n's shape. */
  migrations: Record<number, (old: unknown) => unknown>;
  /** Validates a stored value (any shape at all); never throws. */
  read(stored: unknown): ReadPart<T>;
}

/*
 * Version 1 of every part is what this kiosk stored before each part had a
 * key of its own: redux-persist's single `persist:gate-kiosk` item. Version 2
 * is the part's own item. Every part is read with the schemas that read the
 * back end's answers, so anything a back end may send is also read back.
 */
export const STORE_VERSION = 2;
const same = (old: unknown) => old;

/** A short, safe picture of a dropped value, so the log still carries the data. */
export const excerpt = (value: unknown): string => (JSON.stringify(value) ?? String(value)).slice(0, 300);

/** A stored part's fields, and the problem if it is not an object at all (then it has none). */
function fieldsOf(part: StoredKey, stored: unknown): { raw: Record<string, unknown>; problems: string[] } {
  return isRecord(stored) ? { raw: stored, problems: [] } : { raw: {}, problems: [`${part}: not an object (${excerpt(stored)})`] };
}

const session: StoredPart<SessionState> = {
  version: STORE_VERSION,
  migrations: { 2: same },
  read(stored) {
    const problems: string[] = [];
    const raw = isRecord(stored) ? stored : {};
    // Never the value itself in the log: it may be the token.
    if (!isRecord(stored)) problems.push(`session: not an object (${typeof stored})`);
    const token = typeof raw.token === 'string' && raw.token.trim() !== '' ? raw.token.trim() : null;
    if (raw.token != null && token === null) problems.push(`session.token: unusable (${typeof raw.token})`);
    // A model stored in another case (or by an older kiosk) is read as the query string's would be.
    const model = parseModel(raw.model);
    if (raw.model !== undefined && model === null) problems.push(`session.model: unknown ${excerpt(raw.model)}, DEFAULT used`);
    return { state: { token, model: model ?? 'DEFAULT' }, problems };
  },
};

/** A queued request as any version stored it: the code as a number, the outcome as 1/0, the time as epoch milliseconds. */
const storedRequest = v.object({
  user_code: v.pipe(text, v.trim(), v.nonEmpty()),
  access_granted: flag,
  created_at: v.union([
    v.pipe(v.string(), v.trim(), v.check((at) => parseInstant(at) !== null, 'not a time')),
    v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(8.64e15), v.transform((ms) => new Date(ms).toISOString())),
  ]),
});

const accessQueue: StoredPart<AccessQueueState> = {
  version: STORE_VERSION,
  // A queue stored as a bare list (a list of the requests of docs/rules.md#r3-5-4) becomes { items }.
  migrations: { 2: (old) => (Array.isArray(old) ? { items: old } : old) },
  read(stored) {
    const list = isRecord(stored) && Array.isArray(stored.items) ? stored.items : null;
    if (!list) return { state: { items: [] }, problems: [`accessQueue: no list of items (${excerpt(stored)})`] };
    const items: AccessQueueState['items'] = [];
    const problems: string[] = [];
    list.forEach((item, index) => {
      const parsed = v.safeParse(storedRequest, item);
      if (parsed.success) items.push(parsed.output);
      // An item that cannot be read goes to the log whole, so the record still reaches the back end.
      else problems.push(`${describeIssues(`accessQueue.items[${index}]`, parsed.issues)} ${excerpt(item)}`);
    });
    return { state: { items }, problems };
  },
};

const property: StoredPart<PropertyState> = {
  version: STORE_VERSION,
  migrations: { 2: same },
  read(stored) {
    const raw = isRecord(stored) ? stored : {};
    const token = v.safeParse(v.nullish(text, null), raw.twimlToken);
    const problems = token.success ? [] : [describeIssues('property.twimlToken', token.issues)];
    const state: PropertyState = { data: null, twimlToken: token.success ? token.output || null : null };
    if (raw.data == null) return { state, problems };
    try {
      const parsed = parsePropertyResponse(raw.data);
      return { state: { ...state, data: parsed.data }, problems: [...problems, ...parsed.problems.map((p) => `property.data: ${p}`)] };
    } catch (error) {
      return { state, problems: [...problems, `property.data: ${(error as Error).message}`] };
    }
  },
};

const featureFlags: StoredPart<FeatureFlagsState> = {
  version: STORE_VERSION,
  migrations: { 2: same },
  read: (stored) => ({ state: parseFeatureFlags(stored), problems: isRecord(stored) ? [] : [`featureFlags: not an object (${excerpt(stored)})`] }),
};

const notification = v.object({
  id: v.optional(v.string(), () => nanoid()),
  status: v.picklist(['ERROR', 'SUCCESS', 'INFO']),
  title: v.string(),
  body: v.optional(v.string()),
});

const notifications: StoredPart<NotificationsState> = {
  version: STORE_VERSION,
  migrations: { 2: same },
  read(stored) {
    const list = isRecord(stored) && Array.isArray(stored.items) ? stored.items : null;
    if (!list) return { state: { items: [] }, problems: [`notifications: no list of items (${excerpt(stored)})`] };
    const { items, problems } = parseEach(notification, list, 'notifications.items');
    return { state: { items }, problems };
  },
};

/** An older kiosk kept a count per target (docs/rules.md#r3-5-6, #r4-12-1); each counted call is taken to end an hour after the reload. */
const COUNTED_CALL_MS = 3600000;
const expiryList = v.array(v.pipe(v.number(), v.finite()));

const recentCalls: StoredPart<RecentCallsState> = {
  version: STORE_VERSION,
  migrations: {
    2: (old) => {
      if (!isRecord(old) || isRecord(old.expiries)) return old;
      const counts = isRecord(old.counts) ? old.counts : old;
      const expiresAt = Date.now() + COUNTED_CALL_MS;
      const expiries = Object.entries(counts).map(([target, count]) => [
        target,
        typeof count === 'number' && count > 0 ? Array.from({ length: Math.min(count, 100) }, () => expiresAt) : count,
      ]);
      return { expiries: Object.fromEntries(expiries) };
    },
  },
  read(stored) {
    const raw = isRecord(stored) && isRecord(stored.expiries) ? stored.expiries : null;
    if (!raw) return { state: { expiries: {} }, problems: [`recentCalls: no expiries (${excerpt(stored)})`] };
    const expiries: RecentCallsState['expiries'] = {};
    const problems: string[] = [];
    for (const [target, times] of Object.entries(raw)) {
      if (v.is(expiryList, times)) expiries[target] = times;
      else problems.push(`recentCalls.expiries.${target}: ${excerpt(times)}`);
    }
    return { state: { expiries }, problems };
  },
};

const time = v.pipe(v.number(), v.finite());
const lockSpan = v.pipe(
  v.object({ since: time, until: time }),
  v.check(({ since, until }) => since <= until, 'ends before it starts'),
);

/** The code-guessing lock: refusal times and the lock in force; anything unreadable starts the count afresh (logged). */
const codeLock: StoredPart<CodeLockState> = {
  version: STORE_VERSION,
  migrations: { 2: same },
  read(stored) {
    const { raw, problems } = fieldsOf('codeLock', stored);
    const refusedAt = Array.isArray(raw.refusedAt) ? raw.refusedAt.filter((at): at is number => v.is(time, at)) : [];
    if (Array.isArray(raw.refusedAt) ? refusedAt.length !== raw.refusedAt.length : raw.refusedAt !== undefined) {
      problems.push(`codeLock.refusedAt: ${excerpt(raw.refusedAt)}`);
    }
    const lock = raw.lock == null ? null : v.is(lockSpan, raw.lock) ? { since: raw.lock.since, until: raw.lock.until } : null;
    if (raw.lock != null && lock === null) problems.push(`codeLock.lock: ${excerpt(raw.lock)}`);
    return { state: { refusedAt, lock }, problems };
  },
};

const epochMs = v.pipe(v.number(), v.finite(), v.minValue(0));
const fault = v.object({
  kind: v.picklist(FAULT_KINDS),
  since: epochMs,
  detail: v.pipe(v.string(), v.maxLength(200)),
  clearedAt: v.nullable(epochMs),
  reported: v.boolean(),
});

/** Self-diagnosis (docs/self-diagnosis.md): its faults and the property-load clock outlive the reload after a notification. */
const diagnostics: StoredPart<DiagnosticsState> = {
  version: STORE_VERSION,
  migrations: { 2: same },
  read(stored) {
    const { raw, problems } = fieldsOf('diagnostics', stored);
    const instant = (name: 'lastPropertyLoad' | 'propertyFailingSince') => {
      const parsed = v.safeParse(v.nullish(epochMs, null), raw[name]);
      if (!parsed.success) problems.push(`diagnostics.${name}: ${excerpt(raw[name])}`);
      return parsed.success ? parsed.output : null;
    };
    const faults = parseEach(fault, Array.isArray(raw.faults) ? raw.faults : [], 'diagnostics.faults');
    return {
      state: { faults: faults.items, lastPropertyLoad: instant('lastPropertyLoad'), propertyFailingSince: instant('propertyFailingSince') },
      problems: [...problems, ...faults.problems],
    };
  },
};

/** Every stored part, in the order they are written: what must never be lost first, what the back end can send again last. */
export const STORED_PARTS: { [K in StoredKey]: StoredPart<RootState[K]> } = {
  session,
  accessQueue,
  codeLock,
  recentCalls,
  notifications,
  featureFlags,
  property,
  diagnostics,
};

/** Parts the back end sends again at the next load: given up first when storage is full. */
export const REFETCHABLE: readonly StoredKey[] = ['property', 'featureFlags'];
