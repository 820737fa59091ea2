import * as v from 'valibot';
import { excerpt, fieldsOf, STORE_VERSION, type StoredPart } from '../../store/storedPart';
import { passUsesSlice, type PassUsesState } from './passUsesSlice';

const use = v.object({ count: v.pipe(v.number(), v.safeInteger(), v.minValue(1)), exp: v.pipe(v.number(), v.finite()) });

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
      const parsed = v.safeParse(use, value);
      if (parsed.success) taken[jti] = parsed.output;
      else problems.push(`passUses.taken.${jti}: ${excerpt(value)}`);
    }
    return { state: { taken }, problems };
  },
};
