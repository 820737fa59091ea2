import { whileAppRuns, type AppStartListening } from '../../store/listenerMiddleware';
import { hardwareStatusChanged, selectHardwareSocket } from '../hardware/hardwareStatusSlice';
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
      (status) => {
        // A change only: the socket says 'connected' at each reply, the gate signal's in that key's frame, and
        // each report went through every listener (diagnostics answering it with two more) for nothing.
        if (status.state !== selectHardwareSocket(listener.getState()).state) listener.dispatch(hardwareStatusChanged({ status, at: Date.now() }));
      },
    );
    try {
      await listener.condition(() => false);
    } finally {
      hardware.stop();
    }
  });
}
