import { describe, expect, it, vi } from 'vitest';
import { createFakeRealtime } from '../../testing/fakeServices';
import { createCallProviders } from './loadCallProviders';

const made = vi.hoisted(() => [] as string[]);
vi.mock('./live/telnyxSip', () => ({ createTelnyxSip: (options: unknown) => (made.push(`telnyx sip ${JSON.stringify(options)}`), {}) }));
vi.mock('./simulator/simSip', () => ({ createSimSip: () => (made.push('channel twin sip'), {}) }));

const HOST = 'ws://127.0.0.1:8787/telnyx-rtc';

describe('the SIP leg a build gets', () => {
  it('live: the Telnyx client, on the given host or its own', async () => {
    made.length = 0;
    await createCallProviders('live', createFakeRealtime(), { telnyxRtcHost: HOST }).sip();
    await createCallProviders('live', createFakeRealtime(), { telnyxRtcHost: null }).sip();
    expect(made).toEqual([`telnyx sip {"host":"${HOST}"}`, 'telnyx sip {"host":null}']);
  });

  it("simulator: the Telnyx client when the simulator's twin is given as its host, else the channel twin", async () => {
    made.length = 0;
    await createCallProviders('simulator', createFakeRealtime(), { telnyxRtcHost: HOST }).sip();
    await createCallProviders('simulator', createFakeRealtime(), { telnyxRtcHost: null }).sip();
    expect(made).toEqual([`telnyx sip {"host":"${HOST}"}`, 'channel twin sip']);
  });
});
