import { whileAppRuns, type AppStartListening } from '../../store/listenerMiddleware';
import { hardwareStatusChanged } from '../hardware/hardwareStatusSlice';
import { hardwareCodeRead, hardwareReadRefused } from '../gate/gateActions';

/** From appStarted until the middleware is cleared: keeps the hardware socket connected and turns its notifications into actions. */
export function listenForHardware(startListening: AppStartListening): void {
  whileAppRuns(startListening, async (listener) => {
    const { hardware, page } = listener.extra;
    hardware.start(
      (notification) => {
        if (notification.kind === 'refresh') page.refresh();
        else if (notification.kind === 'unreadable') listener.dispatch(hardwareReadRefused(notification.read));
        else listener.dispatch(hardwareCodeRead(notification.code));
      },
      (status) => listener.dispatch(hardwareStatusChanged({ status, at: Date.now() })),
    );
    try {
      await listener.condition(() => false);
    } finally {
      hardware.stop();
    }
  });
}
