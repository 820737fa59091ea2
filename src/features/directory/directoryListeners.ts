import type { AppStartListening } from '../../store/listenerMiddleware';
import { lookupCodeMissed } from './directoryActions';

/** Registered with the store for its lifetime: a lookup code with no match plays the error sound (no notification). */
export function listenForDirectory(startListening: AppStartListening): void {
  startListening({
    actionCreator: lookupCodeMissed,
    effect: (_action, { extra }) => {
      extra.sound.play('error');
    },
  });
}
