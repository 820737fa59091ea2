import { ws, type WebSocketHandlerConnection } from 'msw';
import { setupServer } from 'msw/node';
import { createHardwareSocket } from './hardwareSocket';
import type { HardwareNotification } from './types';

type Client = WebSocketHandlerConnection['client'];

// The fake-socket tests pin down timing; these check the real WebSocket path end to end.
describe('createHardwareSocket over a real WebSocket (msw)', () => {
  const panel = ws.link('ws://127.0.0.1:8787/hardware');
  let clients: Client[] = [];
  let closed: Client[] = [];
  let received: Array<{ at: number; method: string; params: unknown }> = [];
  const server = setupServer(
    panel.addEventListener('connection', ({ client }) => {
      clients.push(client);
      client.addEventListener('close', () => closed.push(client));
      client.addEventListener('message', (event) => {
        const request = JSON.parse(String(event.data)) as { id: number; method: string; params: unknown };
        received.push({ at: Date.now(), method: request.method, params: request.params });
        client.send(JSON.stringify({ jsonrpc: '2.0', id: request.id, result: null }));
      });
      client.send(JSON.stringify({ jsonrpc: '2.0', method: 'facility', params: { code: 4321 } }));
    }),
  );
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterAll(() => server.close());
  beforeEach(() => {
    clients = [];
    closed = [];
    received = [];
  });

  function start(notifications: HardwareNotification[] = []) {
    const hardware = createHardwareSocket({
      url: 'ws://127.0.0.1:8787/hardware',
      getDetectUrl: () => 'http://127.0.0.1:5173/',
      log: vi.fn(),
    });
    hardware.start((notification) => notifications.push(notification));
    return hardware;
  }

  it('talks JSON-RPC to the panel', async () => {
    const notifications: HardwareNotification[] = [];
    const hardware = start(notifications);
    await vi.waitFor(() => expect(received).toHaveLength(1));
    await hardware.openGate('12345');

    expect(received.map(({ method, params }) => [method, params])).toEqual([
      ['detectUrl', ['http://127.0.0.1:5173/']],
      ['wiegand', [0, '12345']],
      ['enable_relay1', []],
    ]);
    const [, wiegand, relay] = received;
    expect(relay!.at - wiegand!.at).toBeGreaterThanOrEqual(590);
    expect(notifications).toEqual([{ kind: 'facility', code: '4321' }]);
    hardware.stop();
  });

  it('reconnects when the panel drops it and closes the socket on stop', async () => {
    const hardware = start();
    await vi.waitFor(() => expect(received).toHaveLength(1));
    clients[0]!.close();
    await vi.waitFor(() => expect(received).toHaveLength(2));
    expect(received.map(({ method }) => method)).toEqual(['detectUrl', 'detectUrl']);

    hardware.stop();
    await vi.waitFor(() => expect(closed).toEqual(clients));
    expect(clients).toHaveLength(2);
  });
});
