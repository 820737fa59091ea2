import { afterFirstScreen } from '../../lib/afterFirstScreen';
import { nextTask } from '../../lib/nextTask';
import { appStarted } from '../../store/actions';
import type { AppStartListening } from '../../store/listenerMiddleware';
import { selectCodesThatOpen } from './codesThatOpen';

/**
 * The valid codes are prepared once the page is idle after codes arrive
 * (stored or loaded), a step a task, not in the fifth digit's key press: on
 * the panel, with 50,000 residents, preparing them took 30 to 50 ms at 4x. A
 * code typed before they are ready is searched for in their text. The stored
 * codes are prepared after the start, as a load that finds the stored data
 * unchanged leaves them as they are.
 */
export function listenForCodesThatOpen(startListening: AppStartListening): void {
  startListening({
    predicate: (action, current, previous) => appStarted.match(action) || current.propertyCore !== previous.propertyCore,
    effect: async (_action, listener) => {
      listener.cancelActiveListeners();
      await listener.pause(afterFirstScreen());
      await selectCodesThatOpen(listener.getState(), listener.extra.clock()).prepare(() => listener.pause(nextTask()));
    },
  });
}
