// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { simulatorForEachTest } from './test-helpers.mjs';

/** @type {Awaited<ReturnType<typeof import('./server.mjs').startSimulator>>} */
let sim;
const { open } = simulatorForEachTest((started) => (sim = started));

describe('Telnyx Video twin', () => {
  it('takes the SDK socket, answers nothing, and records what the SDK sent', async () => {
    const ws = await open('/telnyx-video/room-1/janus');
    ws.send({ janus: 'create', transaction: 't1', client_token: 'x' });
    ws.send('not json');
    await expect.poll(() => sim.telnyxVideo.received()).toEqual([{ janus: 'create', request: undefined }]);
    await expect(ws.next(() => true, 300)).rejects.toThrow('No matching message in time');
    expect(sim.telnyxVideo.clientCount()).toBe(1);
    ws.close();
    await expect.poll(() => sim.telnyxVideo.clientCount()).toBe(0);
  });
});
