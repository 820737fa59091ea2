import { readText } from '../../services/api/values';
import { excerpt, fieldsOf, unchanged, type StoredPart } from '../../store/storedPart';
import { readDevice, readPropertyMeta, type RecordRead } from './coreRecords';
import { frozenCodes, propertyCoreSlice, type PropertyCoreState } from './propertyCoreSlice';
import { PROPERTY_CORE_VERSION } from './propertyCoreVersion';
import { codesFromText, codesText } from './validCodes';

/**
 * Codes as the kiosk stores them (non-empty strings) pass in one loop; a
 * list with anything else (numbers to turn into text) is read code by code,
 * and one that is not all codes is none.
 */
function readCodes(value: unknown): string[] | undefined {
  if (!Array.isArray(value)) return undefined;
  if (value.every((code) => typeof code === 'string' && code.length > 0)) return value as string[];
  const codes = value.map(readText);
  return codes.every((code) => code !== undefined && code !== '') ? (codes as string[]) : undefined;
}

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
    // The records as the answer's are read (coreRecords.ts).
    const record = <T>(name: string, read: (value: unknown) => RecordRead<T>): T | null => {
      if (raw[name] == null) return null;
      const parsed = read(raw[name]);
      if ('value' in parsed) return parsed.value;
      problems.push(`propertyCore.${name}${parsed.problem}`);
      return null;
    };
    const list = (name: 'standing' | 'guests'): string[] => {
      const value = codesFromText(raw[name]);
      if (value == null) return [];
      const codes = readCodes(value);
      if (!codes) problems.push(`propertyCore.${name}: ${excerpt(value)}`);
      return codes ?? [];
    };
    const state: PropertyCoreState = {
      property: record('property', readPropertyMeta),
      device: record('device', readDevice),
      ...frozenCodes({ standing: list('standing'), guests: list('guests') }),
    };
    return { state, problems };
  },
};
