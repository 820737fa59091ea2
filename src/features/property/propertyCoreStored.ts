import * as v from 'valibot';
import { describeIssues, text } from '../../services/api/answerSchemas';
import { STORE_VERSION, fieldsOf, type StoredPart } from '../../store/storedPart';
import { propertyCoreSlice, type PropertyCoreState } from './propertyCoreSlice';
import { deviceSchema, propertyMetaSchema } from './propertySchemas';

const codes = v.array(v.pipe(text, v.nonEmpty()));
/**
 * Codes as the kiosk stores them (non-empty strings) pass in one loop:
 * valibot's pipeline for each of 9,000 codes (5,000 residents) cost about
 * 25 ms of a start at 4x. Anything else (numbers to turn into text, a
 * problem to describe) goes through the schema.
 */
const storedCodes = (value: unknown): value is string[] => Array.isArray(value) && value.every((code) => typeof code === 'string' && code.length > 0);

/** The property core (name, device, valid codes), as stored (docs/stored-state.md); never given up to make room. */
export const propertyCoreStored: StoredPart<PropertyCoreState, 'propertyCore'> = {
  key: propertyCoreSlice.reducerPath,
  version: STORE_VERSION,
  migrations: {},
  where: 'localStorage',
  read(stored) {
    const { raw, problems } = fieldsOf('propertyCore', stored);
    const field = <T>(name: string, schema: v.GenericSchema<unknown, T>, empty: T): T => {
      if (raw[name] == null) return empty;
      const parsed = v.safeParse(schema, raw[name]);
      if (parsed.success) return parsed.output;
      problems.push(describeIssues(`propertyCore.${name}`, parsed.issues));
      return empty;
    };
    const state: PropertyCoreState = {
      property: field('property', propertyMetaSchema, null),
      device: field('device', deviceSchema, null),
      standing: storedCodes(raw.standing) ? raw.standing : field('standing', codes, []),
      guests: storedCodes(raw.guests) ? raw.guests : field('guests', codes, []),
    };
    return { state, problems };
  },
};
