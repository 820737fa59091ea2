// The back end's answer to a batch of queued requests, read by the queue's sender (a workflow loaded after the first screen).
import * as v from 'valibot';
import { flag, parseEach, text } from '../../services/api/answerSchemas';
import type { AccessRequest } from './accessQueueSlice';

/** An echoed item as a server may have rewritten it: the code as a number, the outcome as 1/0, the time in another spelling. */
const acceptedRequest = v.object({ user_code: v.pipe(text, v.trim()), access_granted: flag, created_at: v.string() });

/** The accepted items, as a bare list or under `requests`. */
const acceptedAnswer = v.union([
  v.array(v.unknown()),
  v.pipe(
    v.object({ requests: v.array(v.unknown()) }),
    v.transform((answer) => answer.requests),
  ),
]);

/** Reads the server's answer; anything that is not a well-formed item is ignored. */
export function parseAcceptedRequests(raw: unknown): AccessRequest[] {
  const answer = v.safeParse(acceptedAnswer, raw);
  return answer.success ? parseEach(acceptedRequest, answer.output, 'accepted').items : [];
}
