import { excerpt, STORE_VERSION, type StoredPart } from '../../store/storedPart';
import { isRecord } from '../../services/json';
import { parseModel } from './models';
import { sessionSlice, type SessionState } from './sessionSlice';

/** The API token and the panel model, as stored (docs/stored-state.md). */
export const sessionStored: StoredPart<SessionState, 'session'> = {
  key: sessionSlice.reducerPath,
  version: STORE_VERSION,
  migrations: {},
  where: 'localStorage',
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
