import type { SocketLike } from '../services/hardware/hardwareSocket';

/** How the panel answers a request: with a result, with a JSON-RPC error, or never. */
export type PanelAnswer = 'result' | 'error' | 'none';

/**
 * Stands in for the panel daemon: records what the kiosk sends and answers
 * requests as told. By default every request gets a result in the same turn;
 * `answer` and `answerDelayMs` (or `byMethod`, per method) make it refuse,
 * stay silent, or answer late, as a busy panel does.
 */
export class FakeSocket implements SocketLike {
  static all: FakeSocket[] = [];
  static get last(): FakeSocket {
    const socket = FakeSocket.all.at(-1);
    if (!socket) throw new Error('no socket created');
    return socket;
  }
  sent: Array<{ id: number; method: string; params: unknown[] }> = [];
  closed = false;
  answer: PanelAnswer = 'result';
  /** Milliseconds before an answer goes out (0: at once, in the same turn). */
  answerDelayMs = 0;
  /** Per-method overrides, e.g. `{ wiegand: { delayMs: 300 }, enable_relay1: { answer: 'none' } }`. */
  byMethod: Record<string, { answer?: PanelAnswer; delayMs?: number }> = {};
  private pending = new Set<ReturnType<typeof setTimeout>>();
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
    const { answer = this.answer, delayMs = this.answerDelayMs } = this.byMethod[request.method] ?? {};
    if (answer === 'none') return;
    const reply =
      answer === 'result'
        ? { jsonrpc: '2.0', id: request.id, result: true }
        : { jsonrpc: '2.0', id: request.id, error: { code: 1, message: 'busy' } };
    if (delayMs === 0) return this.receive(reply);
    const timer = setTimeout(() => {
      this.pending.delete(timer);
      this.receive(reply);
    }, delayMs);
    this.pending.add(timer);
  }
  close() {
    this.closed = true;
    this.cancelAnswers();
  }
  open() {
    this.onopen?.(new Event('open'));
  }
  receive(message: unknown) {
    if (this.closed) return;
    const data = typeof message === 'string' ? message : JSON.stringify(message);
    this.onmessage?.(new MessageEvent('message', { data }));
  }
  drop() {
    this.closed = true;
    this.cancelAnswers();
    this.onclose?.(new CloseEvent('close'));
  }
  calls() {
    return this.sent.map(({ method, params }) => [method, params]);
  }
  private cancelAnswers() {
    this.pending.forEach((timer) => clearTimeout(timer));
    this.pending.clear();
  }
}
