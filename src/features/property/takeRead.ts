import { UnusablePropertyAnswer, type ParsedProperty } from './parsePropertyResponse';
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
  const data: PropertyData = Object.freeze({ ...taken.head, residents: ([] as Resident[]).concat(...(pieces as Resident[][])) });
  knownGateCodes(data, { standing: codesFromText(taken.codes.standing) as string[], guests: codesFromText(taken.codes.guests) as string[] });
  return { data, twimlToken, problems, digest };
}
