import { afterFirstScreen } from '../../lib/afterFirstScreen';
import { appStarted } from '../../store/actions';
import type { AppStartListening } from '../../store/listenerMiddleware';
import { selectCodesThatOpen } from './codesThatOpen';

/**
 * The valid codes are normalised once the page is idle after codes arrive
 * (stored or loaded), not in the fifth digit's key press: on the panel, with
 * thousands of residents, that took milliseconds before wiegand left. The
 * stored codes are normalised after the start, as a load that finds the
 * stored data unchanged leaves them as they are.
 */
export function listenForCodesThatOpen(startListening: AppStartListening): void {
  startListening({
    predicate: (action, current, previous) => appStarted.match(action) || current.propertyCore !== previous.propertyCore,
    effect: async (_action, listener) => {
      listener.cancelActiveListeners();
      await listener.pause(afterFirstScreen());
      selectCodesThatOpen(listener.getState(), listener.extra.clock());
    },
  });
}
