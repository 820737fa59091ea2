import * as v from 'valibot';
import { describeIssues, parseEach } from '../../services/api/answerSchemas';
import { codeHolderSchema, deviceSchema, propertyMetaSchema, residentSchema, twimlTokenSchema, unitGuestSchema } from './propertySchemas';
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

const answerSchema = v.looseObject({ property: propertyMetaSchema, device: deviceSchema });

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
  const answer = v.safeParse(answerSchema, raw);
  if (!answer.success) throw new UnusablePropertyAnswer(describeIssues('property data', answer.issues));
  const { output } = answer;
  const problems: string[] = [];
  const data: PropertyData = {
    property: output.property,
    device: output.device,
    residents: list(output, 'residents', residentSchema, problems),
    property_staff: list(output, 'property_staff', codeHolderSchema, problems),
    property_guests: list(output, 'property_guests', codeHolderSchema, problems),
    unitGuests: list(output, 'unitGuests', unitGuestSchema, problems),
    ...parsePassFields(output, problems),
  };
  const token = v.safeParse(twimlTokenSchema, output.twimlToken);
  if (!token.success) problems.push(describeIssues('twimlToken', token.issues));
  // Frozen at the top: the store's Immer then takes it as it is, where it would walk and freeze every resident.
  return { data: Object.freeze(data), twimlToken: token.success ? token.output : null, problems };
}
