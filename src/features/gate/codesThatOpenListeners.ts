import { afterFirstScreen } from '../../lib/afterFirstScreen';
import type { AppStartListening } from '../../store/listenerMiddleware';
import { selectCodesThatOpen } from './codesThatOpen';

/**
 * The valid codes are normalised once the page is idle after codes arrive
 * (stored or loaded), not in the fifth digit's key press: on the panel, with
 * thousands of residents, that took milliseconds before wiegand left.
 */
export function listenForCodesThatOpen(startListening: AppStartListening): void {
  startListening({
    predicate: (_action, current, previous) => current.propertyCore !== previous.propertyCore,
    effect: async (_action, listener) => {
      listener.cancelActiveListeners();
      await listener.pause(afterFirstScreen());
      selectCodesThatOpen(listener.getState(), listener.extra.clock());
    },
  });
}
