import { fingerprintOf } from '../../services/api/fingerprint';
import type { ReadAnswer } from '../../services/api/propertyJob';
import { parsePropertyResponse, UnusablePropertyAnswer } from './parsePropertyResponse';
import { piecesOf } from './residentPieces';
import type { PropertyData } from './types';
import { codesText, deriveGateCodes } from './validCodes';

/**
 * What the property worker made of a changed answer (takeRead.ts takes it on
 * the page): the reason it is unusable; or, with its twimlToken, the lines
 * of the records skipped and the data's digest, word that the data is the one
 * held (`same`), or the data without its residents (they follow in pieces)
 * with its gate codes.
 */
export type WorkerRead =
  | { unusable: string }
  | { twimlToken: string | null; problems: string[]; digest: string; same: true }
  | { twimlToken: string | null; problems: string[]; digest: string; same: false; head: PropertyData; codes: { standing: string | string[]; guests: string | string[] } };

/**
 * In the property worker: a changed answer's bytes parsed, checked and
 * compared with the held data there, off the page's main thread (at 50,000
 * residents, about 1.2 s of it at 4x). Bytes that are not JSON throw: the
 * worker answers a failed read, as the page's own parse would fail.
 */
export async function readAnswer(bytes: ArrayBuffer, heldData: string | null): Promise<ReadAnswer> {
  const raw: unknown = JSON.parse(new TextDecoder().decode(bytes));
  let parsed;
  try {
    parsed = parsePropertyResponse(raw);
  } catch (error) {
    if (error instanceof UnusablePropertyAnswer) return { read: { unusable: error.message } satisfies WorkerRead, pieces: [] };
    throw error;
  }
  const text = new TextEncoder().encode(JSON.stringify(parsed.data));
  const digest = await fingerprintOf(text.buffer.slice(text.byteOffset, text.byteOffset + text.byteLength));
  const about = { twimlToken: parsed.twimlToken, problems: parsed.problems, digest };
  if (digest === heldData) return { read: { ...about, same: true } satisfies WorkerRead, pieces: [] };
  const { residents, ...rest } = parsed.data;
  const { standing, guests } = deriveGateCodes(parsed.data);
  // As text, as they are stored: the page takes one string, not 80,000.
  const read: WorkerRead = { ...about, same: false, head: { ...rest, residents: [] }, codes: { standing: codesText(standing), guests: codesText(guests) } };
  return { read, pieces: piecesOf(residents) };
}
