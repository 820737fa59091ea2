import * as v from 'valibot';
import { describeIssues, parseEach } from '../../services/api/answerSchemas';
import { isRecord } from '../../services/json';
import { readDevice, readPropertyMeta } from './coreRecords';
import { codeHolderSchema, residentSchema, twimlTokenSchema, unitGuestSchema } from './propertySchemas';
import { parsePassFields } from './passKeys';
import type { PropertyData } from './types';

/** The back end's property answer as trusted data; the records that were skipped are described in `problems`. */
export interface ParsedProperty {
  data: PropertyData;
  twimlToken: string | null;
  problems: string[];
}

/** An answer without a usable property or device: the caller keeps the last good data. */
export class UnusablePropertyAnswer extends Error {
  override name = 'UnusablePropertyAnswer';
}

function list<TSchema extends v.GenericSchema>(
  answer: Record<string, unknown>,
  key: string,
  schema: TSchema,
  problems: string[],
): v.InferOutput<TSchema>[] {
  const value = answer[key];
  if (value === undefined || value === null) {
    problems.push(`${key} missing`);
    return [];
  }
  if (!Array.isArray(value)) {
    problems.push(`${key} is not a list`);
    return [];
  }
  const parsed = parseEach(schema, value, key);
  problems.push(...parsed.problems);
  return parsed.items;
}

/** Bad records are skipped, the rest used; throws only `UnusablePropertyAnswer`. */
export function parsePropertyResponse(raw: unknown): ParsedProperty {
  if (!isRecord(raw)) throw new UnusablePropertyAnswer('property data: not an object');
  const property = readPropertyMeta(raw.property);
  if ('problem' in property) throw new UnusablePropertyAnswer(`property data.property${property.problem}`);
  const device = readDevice(raw.device);
  if ('problem' in device) throw new UnusablePropertyAnswer(`property data.device${device.problem}`);
  const problems: string[] = [];
  const data: PropertyData = {
    property: property.value,
    device: device.value,
    residents: list(raw, 'residents', residentSchema, problems),
    property_staff: list(raw, 'property_staff', codeHolderSchema, problems),
    property_guests: list(raw, 'property_guests', codeHolderSchema, problems),
    unitGuests: list(raw, 'unitGuests', unitGuestSchema, problems),
    ...parsePassFields(raw, problems),
  };
  const token = v.safeParse(twimlTokenSchema, raw.twimlToken);
  if (!token.success) problems.push(describeIssues('twimlToken', token.issues));
  // Frozen at the top: the store's Immer then takes it as it is, where it would walk and freeze every resident.
  return { data: Object.freeze(data), twimlToken: token.success ? token.output : null, problems };
}
