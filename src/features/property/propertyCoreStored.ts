import * as v from 'valibot';
import { describeIssues, text } from '../../services/api/answerSchemas';
import { fieldsOf, unchanged, type StoredPart } from '../../store/storedPart';
import { frozenCodes, propertyCoreSlice, type PropertyCoreState } from './propertyCoreSlice';
import { PROPERTY_CORE_VERSION } from './propertyCoreVersion';
import { deviceSchema, propertyMetaSchema } from './propertySchemas';
import { codesFromText, codesText } from './validCodes';

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
  // 3: the codes as one text each (a list is still read).
  version: PROPERTY_CORE_VERSION,
  migrations: { 3: unchanged },
  where: 'localStorage',
  write: (state) => ({ ...state, standing: codesText(state.standing), guests: codesText(state.guests) }),
  read(stored) {
    const { raw, problems } = fieldsOf('propertyCore', stored);
    const field = <T>(name: string, value: unknown, schema: v.GenericSchema<unknown, T>, empty: T): T => {
      if (value == null) return empty;
      const parsed = v.safeParse(schema, value);
      if (parsed.success) return parsed.output;
      problems.push(describeIssues(`propertyCore.${name}`, parsed.issues));
      return empty;
    };
    const list = (name: 'standing' | 'guests'): string[] => {
      const value = codesFromText(raw[name]);
      return storedCodes(value) ? value : field(name, value, codes, []);
    };
    const state: PropertyCoreState = {
      property: field('property', raw.property, propertyMetaSchema, null),
      device: field('device', raw.device, deviceSchema, null),
      ...frozenCodes({ standing: list('standing'), guests: list('guests') }),
    };
    return { state, problems };
  },
};
