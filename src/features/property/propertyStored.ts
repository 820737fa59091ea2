import * as v from 'valibot';
import { describeIssues, text } from '../../services/api/answerSchemas';
import { isRecord } from '../../services/json';
import { STORE_VERSION, type StoredPart } from '../../store/storedPart';
import { parsePropertyResponse } from './parsePropertyResponse';
import { propertySlice, type PropertyState } from './propertySlice';

/** The property data (as parsed) and the TwiML token, as stored (docs/stored-state.md); the back end sends them again. */
export const propertyStored: StoredPart<PropertyState, 'property'> = {
  key: propertySlice.reducerPath,
  version: STORE_VERSION,
  migrations: {},
  where: 'database',
  refetchable: true,
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
