import * as v from 'valibot';
import { describeIssues, parseEach, text } from '../../services/api/answerSchemas';
import { isRecord } from '../../services/json';
import { STORE_VERSION, type StoredPart } from '../../store/storedPart';
import { gateCodesOfData, knownGateCodes } from './propertyCoreSlice';
import { parsePropertyResponse, piecesOf } from './parsePropertyResponse';
import { residentSchema } from './propertySchemas';
import { propertySlice, type PropertyState } from './propertySlice';
import type { PropertyData, Resident } from './types';
import { codesFromText, codesText } from './validCodes';

const versionSchema = v.object({ etag: v.nullable(v.string()), fingerprint: v.nullable(v.string()), size: v.number(), data: v.optional(v.nullable(v.string())) });
const codeList = v.array(v.string());

/** The property data (as parsed), the TwiML token and the answer they came from, as stored (docs/stored-state.md); the back end sends them again. */
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
  },
  /** In the database: the data without its residents, with its gate codes, then the residents in pieces (RESIDENTS_PER_PIECE). */
  toPieces(state) {
    const data = state.data;
    if (!data || data.residents.length === 0) return { state, extra: {}, pieces: [] };
    const { standing, guests } = gateCodesOfData(data);
    // As text: 80,000 codes cloned as a list took about 40 ms at 4x.
    return { state: { ...state, data: { ...data, residents: [] } }, extra: { codes: { standing: codesText(standing), guests: codesText(guests) } }, pieces: piecesOf(data.residents) };
  },
};

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
