/**
 * A notification pushed by the panel's hardware daemon. A `facility` read
 * whose code is not digits is `unreadable` (a refused read), with a short
 * text of what came (its code as read, or its params as JSON), for the
 * denied access request.
 */
export type HardwareNotification = { kind: 'facility'; code: string } | { kind: 'unreadable'; read: string } | { kind: 'refresh' };

/**
 * How the socket is doing, for self-diagnosis: open, closed (or never opened),
 * or open but a request got no answer in time (`method` says which).
 */
export type HardwareStatus = { state: 'connected' } | { state: 'down' } | { state: 'silent'; method: string };

/**
 * The panel's local hardware socket (JSON-RPC 2.0 over WebSocket).
 * `start` connects and keeps reconnecting with back-off until `stop`.
 */
export interface HardwareService {
  start(onNotification: (notification: HardwareNotification) => void, onStatus?: (status: HardwareStatus) => void): void;
  stop(): void;
  /** wiegand(0, code), then enable_relay1 600 ms later. Rejects if the panel stays unreachable for 10 s. */
  openGate(code: string): Promise<void>;
  /**
   * The opening with `code` under way (the last begun, if several), until it
   * ends: the gate's workflow follows an opening that its signal middleware
   * began as the code arrived.
   */
  opening(code: string): Promise<void> | undefined;
}
