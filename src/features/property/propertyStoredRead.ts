import * as v from 'valibot';
import { describeIssues, parseEach, text } from '../../services/api/answerSchemas';
import { isRecord } from '../../services/json';
import type { ReadPart } from '../../store/storedPart';
import { knownGateCodes } from './propertyCoreSlice';
import { parsePropertyResponse } from './parsePropertyResponse';
import { residentSchema } from './propertySchemas';
import type { PropertyState } from './propertySlice';
import type { PropertyData, Resident } from './types';
import { codesFromText } from './validCodes';

const versionSchema = v.object({ etag: v.nullable(v.string()), fingerprint: v.nullable(v.string()), size: v.number(), data: v.optional(v.nullable(v.string())) });
const codeList = v.array(v.string());

/** The stored property part (propertyStored.ts) read back: its data checked as an answer's is, the records that do not read dropped. */
export function readPropertyPart(stored: unknown): ReadPart<PropertyState> {
  const raw = isRecord(stored) ? stored : {};
  const token = v.safeParse(v.nullish(text, null), raw.twimlToken);
  const problems = token.success ? [] : [describeIssues('property.twimlToken', token.issues)];
  // A part stored before versions were kept (or with one that does not read) asks the back end for the property in full.
  const version = v.safeParse(versionSchema, raw.version);
  const state: PropertyState = { data: null, twimlToken: token.success ? token.output || null : null, ...(version.success ? { version: version.output } : {}) };
  if (raw.data == null) return { state, problems };
  try {
    const parsed = parsePropertyResponse(raw.data);
    const dropped = parsed.problems.map((p) => `property.data: ${p}`);
    // Data that lost records is not the answer's any more: the next load asks for it in full.
    return { state: { ...state, data: parsed.data, ...(dropped.length > 0 ? { version: null } : {}) }, problems: [...problems, ...dropped] };
  } catch (error) {
    return { state, problems: [...problems, `property.data: ${(error as Error).message}`] };
  }
}

/**
 * The residents of a stored piece, checked as an answer's are: those that do
 * not read are dropped, each with its line (`first` is the piece's first index).
 */
export function readResidentsPiece(piece: unknown, first: number): { residents: Resident[]; problems: string[] } {
  if (!Array.isArray(piece)) return { residents: [], problems: [`property.data.residents[${first}...]: a stored piece is missing or not a list`] };
  const { items, problems } = parseEach(residentSchema, piece, 'property.data.residents');
  // parseEach counts from 0 in each piece.
  const renumbered = problems.map((line) => line.replace(/^property\.data\.residents\[(\d+)\]/, (_, index: string) => `property.data.residents[${first + Number(index)}]`));
  return { residents: items, problems: renumbered };
}

/** Stored codes as their lists: a text is split (each line a code), a list checked; anything else is none. */
function storedCodeList(value: unknown): string[] | null {
  if (typeof value === 'string') return codesFromText(value) as string[];
  const read = v.safeParse(codeList, value);
  return read.success ? read.output : null;
}

/** The data read back from its pieces, frozen as an answer's is; its stored codes taken when they read, so a start does not derive them. */
export function joinedData(head: PropertyData, residents: Resident[], codes: unknown): PropertyData {
  const data: PropertyData = Object.freeze({ ...head, residents });
  const standing = isRecord(codes) ? storedCodeList(codes.standing) : null;
  const guests = isRecord(codes) ? storedCodeList(codes.guests) : null;
  if (standing && guests) knownGateCodes(data, { standing, guests });
  return data;
}
