import * as v from 'valibot';
import { describeIssues, text } from '../../services/api/answerSchemas';
import { STORE_VERSION, fieldsOf, type StoredPart } from '../../store/storedPart';
import { propertyCoreSlice, type PropertyCoreState } from './propertyCoreSlice';
import { deviceSchema, propertyMetaSchema } from './propertySchemas';

const codes = v.array(v.pipe(text, v.nonEmpty()));

/** The property core (name, device, valid codes), as stored (docs/stored-state.md); never given up to make room. */
export const propertyCoreStored: StoredPart<PropertyCoreState, 'propertyCore'> = {
  key: propertyCoreSlice.reducerPath,
  version: STORE_VERSION,
  // New in version 2: nothing older to bring up.
  migrations: {},
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
      standing: field('standing', codes, []),
      guests: field('guests', codes, []),
    };
    return { state, problems };
  },
};
