import { UnusablePropertyAnswer, type ParsedProperty } from './parsePropertyResponse';
import { sameData } from './sameData';
import { knownGateCodes } from './propertyCoreSlice';
import type { WorkerRead } from './readAnswer';
import type { PropertyData, Resident } from './types';
import { codesFromText } from './validCodes';

/**
 * On the page: what the property worker read (readAnswer.ts), as a parsed
 * answer with its data's digest. The held data object when the worker found
 * it the same; else the data joined from its pieces, frozen as a parse's is,
 * with the codes the worker derived.
 */
export function takeRead({ read, pieces }: { read: unknown; pieces: unknown[] }, held: PropertyData | null): ParsedProperty & { digest: string } {
  const taken = read as WorkerRead;
  if ('unusable' in taken) throw new UnusablePropertyAnswer(taken.unusable);
  const { twimlToken, problems, digest } = taken;
  if (taken.same) {
    if (!held) throw new UnusablePropertyAnswer('The worker found the data held, but none is held');
    return { data: held, twimlToken, problems, digest };
  }
  const data: PropertyData = Object.freeze({ ...withHeldParts(taken.head, held), residents: ([] as Resident[]).concat(...(pieces as Resident[][])) });
  knownGateCodes(data, { standing: codesFromText(taken.codes.standing) as string[], guests: codesFromText(taken.codes.guests) as string[] });
  return { data, twimlToken, problems, digest };
}

/**
 * The new data's parts (but the residents) that equal the held data's, as the
 * held objects: the device and the property's name unchanged keep every
 * screen's selectors as they were, so a renamed resident does not render home
 * again (52 ms at 4x).
 */
function withHeldParts(head: PropertyData, held: PropertyData | null): PropertyData {
  if (!held) return head;
  const kept: Record<string, unknown> = { ...head };
  for (const key of Object.keys(kept)) {
    const was = (held as unknown as Record<string, unknown>)[key];
    if (key !== 'residents' && was !== undefined && sameData(was, kept[key])) kept[key] = was;
  }
  return kept as unknown as PropertyData;
}
