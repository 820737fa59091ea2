import { isFiniteNumber } from '../../services/api/values';
import { isRecord } from '../../services/json';
import { excerpt, fieldsOf, STORE_VERSION, type StoredPart } from '../../store/storedPart';
import { passUsesSlice, type PassUsesState } from './passUsesSlice';

/** One pass's uses: how many (1 or more), and when the pass expires. */
const readUse = (value: unknown) =>
  isRecord(value) && Number.isSafeInteger(value.count) && (value.count as number) >= 1 && isFiniteNumber(value.exp) ? { count: value.count as number, exp: value.exp } : undefined;

/** The passes' uses on this panel, as stored (docs/stored-state.md): small (expired passes are dropped), kept at once, never refetchable: only the panel counts them. */
export const passUsesStored: StoredPart<PassUsesState, 'passUses'> = {
  key: passUsesSlice.reducerPath,
  version: STORE_VERSION,
  migrations: {},
  where: 'localStorage',
  read(stored) {
    const { raw, problems } = fieldsOf('passUses', stored);
    const taken: PassUsesState['taken'] = {};
    const entries = raw.taken !== null && typeof raw.taken === 'object' ? Object.entries(raw.taken) : [];
    for (const [jti, value] of entries) {
      const use = readUse(value);
      if (use) taken[jti] = use;
      else problems.push(`passUses.taken.${jti}: ${excerpt(value)}`);
    }
    return { state: { taken }, problems };
  },
};
