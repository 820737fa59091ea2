import { requestsTo, withApiServer } from '../../testing/apiServer';
import { diagnosedStore } from '../../testing/diagnosedStore';
import { createTestServices } from '../../testing/fakeServices';
import { withFakeTimers } from '../../testing/fakeTimers';
import { selectFaults } from './diagnosticsSlice';

withApiServer();
withFakeTimers();

type LogLine = { message: string; meta: Record<string, unknown> };
const logLines = () => requestsTo('telephone-entry/logs').map((request) => request.body as LogLine);
const CHROMIUM_156 = { engine: 'Chromium 156.0.0.0', engineSupport: 'supported' };

/** Services whose browser refuses the hardware socket's address (Local Network Access) as `refused` says. */
function servicesWithLocalNetwork(refused: { now: boolean }) {
  const services = createTestServices();
  services.browser.localNetworkRefused.mockImplementation(async () => refused.now);
  return services;
}

describe('the engine in self-diagnosis', () => {
  it('reports the engine at the start of the kiosk in this browser, not at a reload', async () => {
    const first = createTestServices();
    first.browser.reloaded = false;
    await diagnosedStore(first);
    await vi.waitFor(() => expect(logLines().filter((line) => line.message === 'Kiosk started')).toHaveLength(1));
    expect(logLines()[0]).toEqual({
      message: 'Kiosk started',
      meta: { feature: 'diagnostics', ...CHROMIUM_156, userAgent: first.browser.userAgent },
      timestamp: expect.any(String),
    });

    // The reload after a notification.
    await diagnosedStore(createTestServices());
    await vi.advanceTimersByTimeAsync(1_000);
    expect(logLines().filter((line) => line.message === 'Kiosk started')).toHaveLength(1);
  });

  it('raises the local-network-access fault at the first connection the engine refuses, reports it once with its remedy, and clears it when the socket opens', async () => {
    const { store, services } = await diagnosedStore(servicesWithLocalNetwork({ now: true }));
    services.hardware.status({ state: 'down' });
    await vi.advanceTimersByTimeAsync(0);
    expect(selectFaults(store.getState()).map((fault) => fault.kind)).toEqual(['local-network-access']);
    for (let retry = 0; retry < 3; retry += 1) {
      services.hardware.status({ state: 'down' });
      await vi.advanceTimersByTimeAsync(5_000);
    }
    const lines = logLines().filter((line) => line.message === 'Self-diagnosis: Browser refuses the hardware socket (Local Network Access)');
    expect(lines).toEqual([
      {
        message: 'Self-diagnosis: Browser refuses the hardware socket (Local Network Access)',
        meta: expect.objectContaining({
          fault: 'local-network-access',
          detail: 'the browser denies this page local network access',
          remedy: expect.stringContaining('LocalNetworkAccessAllowedForUrls'),
          ...CHROMIUM_156,
        }),
        timestamp: expect.any(String),
      },
    ]);
    // Every fault's line names the engine: the socket's own fault came 10 s after it went down.
    expect(logLines().find((line) => line.message === 'Self-diagnosis: Hardware socket not answering')?.meta).toMatchObject(CHROMIUM_156);

    services.hardware.status({ state: 'connected' });
    await vi.advanceTimersByTimeAsync(0);
    expect(selectFaults(store.getState()).filter((fault) => fault.clearedAt === null)).toEqual([]);
  });

  it('blames nothing on the browser when it does not refuse: a socket down is only the socket', async () => {
    const refused = { now: false };
    const { store, services } = await diagnosedStore(servicesWithLocalNetwork(refused));
    services.hardware.status({ state: 'down' });
    await vi.advanceTimersByTimeAsync(11_000);
    expect(selectFaults(store.getState()).map((fault) => fault.kind)).toEqual(['hardware-socket']);
    expect(services.browser.localNetworkRefused).toHaveBeenCalled();

    // The engine's answer came after the socket had opened: nothing is raised.
    refused.now = true;
    let answer = (_refused: boolean) => {};
    services.browser.localNetworkRefused.mockImplementation(() => new Promise<boolean>((resolve) => (answer = resolve)));
    services.hardware.status({ state: 'down' });
    services.hardware.status({ state: 'connected' });
    answer(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(selectFaults(store.getState()).filter((fault) => fault.clearedAt === null)).toEqual([]);
  });
});
