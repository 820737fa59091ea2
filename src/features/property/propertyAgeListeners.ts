import { whileAppRuns, type AppStartListening } from '../../store/listenerMiddleware';
import { AGE_TICK_MS, propertyAgeAnchored } from './propertyAgeSlice';
import { propertyLoaded } from './propertySlice';

/**
 * From appStarted until the middleware is cleared: anchors the property
 * data's age clock at the start, at each load and every AGE_TICK_MS while its age is known,
 * so that it is stored with the time this page counted (a reload keeps it,
 * whatever the wall clock did meanwhile).
 */
export function listenForPropertyAge(startListening: AppStartListening): void {
  whileAppRuns(startListening, async (listener) => {
    for (;;) {
      if (listener.getState().propertyAge.age === null) await listener.condition((_action, state) => state.propertyAge.age !== null);
      listener.dispatch(propertyAgeAnchored({ reading: listener.extra.clock() }));
      await listener.take(propertyLoaded.match, AGE_TICK_MS);
    }
  });
}
