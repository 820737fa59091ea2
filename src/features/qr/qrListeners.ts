import type { AppStartListening } from '../../store/listenerMiddleware';
import { qrDecodeFailed, qrPayloadRejected, qrScannerFailed } from './qrActions';

/**
 * Registered with the store for its lifetime: QR problems are only logged
 * (docs/rules.md#r4-11-1, #r8-2-2: no notification, no sound). A valid-looking code goes
 * through gate/codeEntered instead.
 */
export function listenForQrScan(startListening: AppStartListening): void {
  startListening({
    actionCreator: qrPayloadRejected,
    effect: ({ payload }, { extra }) => extra.logger.child('qr').error('QR code is not an access code', { payload: payload.slice(0, 200) }),
  });
  startListening({
    actionCreator: qrDecodeFailed,
    effect: ({ payload }, { extra }) => extra.logger.child('qr').error('QR frame could not be decoded', { error: payload }),
  });
  startListening({
    actionCreator: qrScannerFailed,
    effect: ({ payload }, { extra }) => extra.logger.child('qr').error('QR scanner failed', payload),
  });
}
