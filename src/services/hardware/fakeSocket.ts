import type { SocketLike } from './hardwareSocket';

/** Stands in for the panel daemon: records what the kiosk sends and answers every request. */
export class FakeSocket implements SocketLike {
  static all: FakeSocket[] = [];
  static get last(): FakeSocket {
    const socket = FakeSocket.all.at(-1);
    if (!socket) throw new Error('no socket created');
    return socket;
  }
  sent: Array<{ id: number; method: string; params: unknown[] }> = [];
  closed = false;
  answer: 'result' | 'error' | 'none' = 'result';
  onopen: SocketLike['onopen'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;

  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    const request = JSON.parse(data) as FakeSocket['sent'][number];
    this.sent.push(request);
    if (this.answer === 'result') this.receive({ jsonrpc: '2.0', id: request.id, result: true });
    if (this.answer === 'error') this.receive({ jsonrpc: '2.0', id: request.id, error: { code: 1, message: 'busy' } });
  }
  close() {
    this.closed = true;
  }
  open() {
    this.onopen?.(new Event('open'));
  }
  receive(message: unknown) {
    const data = typeof message === 'string' ? message : JSON.stringify(message);
    this.onmessage?.(new MessageEvent('message', { data }));
  }
  drop() {
    this.closed = true;
    this.onclose?.(new CloseEvent('close'));
  }
  calls() {
    return this.sent.map(({ method, params }) => [method, params]);
  }
}
