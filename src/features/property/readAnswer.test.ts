// @vitest-environment node
import { runPropertyJob, type PropertyJob } from '../../services/api/propertyJob';
import { postReply, runInWorker, type PropertyMessage, type PropertyWorker } from '../../services/api/propertyWorker';
import type { PropertyAnswer } from '../../services/api/apiClient';
import { rawPropertyWith } from '../../testing/fixtures';
import { parsePropertyResponse, UnusablePropertyAnswer } from './parsePropertyResponse';
import { gateCodesOfData } from './propertyCoreSlice';
import { readAnswer } from './readAnswer';
import { takeRead } from './takeRead';
import { deriveGateCodes } from './validCodes';

/** `count` residents, one of them unreadable. */
function manyResidents(count: number, extra: Record<string, unknown> = {}) {
  const raw = rawPropertyWith(count, extra);
  (raw.residents as unknown[])[1500] = { id: 'not an id' };
  return raw;
}

/**
 * A worker that runs the property worker's script (the job, the kiosk's
 * reader, its messages as postReply sends them); each message it posted is kept.
 */
function scriptWorker() {
  const messages: PropertyMessage[] = [];
  const make = (): PropertyWorker => {
    const worker: PropertyWorker = {
      onmessage: null,
      onerror: null,
      postMessage(job: PropertyJob) {
        void runPropertyJob(job, null, readAnswer).then((reply) =>
          postReply((message) => {
            messages.push(message);
            worker.onmessage?.({ data: structuredClone(message) } as MessageEvent<PropertyMessage>);
          }, reply),
        );
      },
      terminate: () => undefined,
    };
    return worker;
  };
  const run = (value: unknown, heldData: string | null = null) =>
    runInWorker({ source: { blob: new Blob([JSON.stringify(value)]) }, held: null, heldData }, new AbortController().signal, make);
  return { messages, run };
}

const readOf = (answer: PropertyAnswer | null) => {
  if (!answer || answer.unchanged || !('read' in answer)) throw new Error('expected an answer read in the worker');
  return answer;
};

describe('a large changed answer read in the property worker', () => {
  it('comes to the page in pieces of 1,000 residents, each a message, as the data a parse on the page gives, with its codes', async () => {
    const raw = manyResidents(2500);
    const { messages, run } = scriptWorker();
    const answer = readOf(await run(raw));
    expect(messages).toHaveLength(1 + 3);
    expect(messages.slice(1).map((message) => ('piece' in message ? (message.piece as unknown[]).length : null))).toEqual([1000, 1000, 499]);

    const onPage = parsePropertyResponse(raw);
    const taken = takeRead(answer, null);
    expect(taken.data).toEqual(onPage.data);
    expect(taken.problems).toEqual(onPage.problems);
    expect(taken.problems[0]).toContain('residents[1500]');
    expect(Object.isFrozen(taken.data)).toBe(true);
    expect(gateCodesOfData(taken.data)).toEqual(deriveGateCodes(onPage.data));
    expect(answer.version.data).toBeUndefined();
    expect(taken.digest).toMatch(/^(sha256|fnv):/);
  });

  it('the same data under a new token comes back without its residents: the held data object is kept, the token taken', async () => {
    const { messages, run } = scriptWorker();
    const first = takeRead(readOf(await run(manyResidents(2500))), null);
    messages.length = 0;
    const again = takeRead(readOf(await run(manyResidents(2500, { twimlToken: 'twiml-2' }), first.digest)), first.data);
    expect(messages).toHaveLength(1);
    expect(again.data).toBe(first.data);
    expect(again.twimlToken).toBe('twiml-2');

    const renamed = manyResidents(2500);
    (renamed.residents[40] as { directory_display_name: string }).directory_display_name = 'Renamed';
    const changed = takeRead(readOf(await run(renamed, first.digest)), first.data);
    expect(changed.data).not.toBe(first.data);
    expect(changed.data.residents[40]?.directory_display_name).toBe('Renamed');
    // What did not change keeps its object, so no screen renders again for it.
    expect(changed.data.device).toBe(first.data.device);
    expect(changed.data.property).toBe(first.data.property);
  });

  it('an answer without its property or device is refused as on the page; bytes that are not JSON are a failed read', async () => {
    const { run } = scriptWorker();
    const unusable = readOf(await run({ residents: [] }));
    expect(() => takeRead(unusable, null)).toThrow(UnusablePropertyAnswer);
    const make = (): PropertyWorker => {
      const worker: PropertyWorker = {
        onmessage: null,
        onerror: null,
        postMessage: (job) => void runPropertyJob(job, null, readAnswer).then((reply) => postReply((message) => worker.onmessage?.({ data: message } as MessageEvent<PropertyMessage>), reply)),
        terminate: () => undefined,
      };
      return worker;
    };
    const broken = runInWorker({ source: { blob: new Blob(['{"property":']) }, held: null }, new AbortController().signal, make);
    await expect(broken).rejects.toThrow(/failed: SyntaxError/);
  });
});
