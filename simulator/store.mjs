// What the simulator has seen and what it currently serves, plus change
// notifications for the console's live view.
import { EventEmitter } from 'node:events';

const LISTS = ['accessRequests', 'checkins', 'logs', 'calls', 'sipCalls', 'hardware', 'channelEvents'];
// Calls carry snapshot images; cap every list so a kiosk left running for
// days against the simulator does not grow it without bound.
const MAX_RECORDS = 500;

/**
 * @param {object} propertyData the property data response to serve
 */
export function createStore(propertyData) {
  const events = new EventEmitter();
  const state = {
    ...Object.fromEntries(LISTS.map((name) => [name, []])),
    offline: false,
    featureFlags: { telnyx_enabled: false },
    property: propertyData,
  };

  /** @param {object} change */
  const emit = (change) => events.emit('change', change);

  return {
    state,
    /** The property's private channel; follows the property id if it is patched. */
    channelName: () => `private-telephone-entry-property-${state.property.property.id}`,

    /**
     * Appends a record stamped with `at` (ISO time) and announces it.
     * @param {string} list one of LISTS
     * @param {object} fields
     */
    record(list, fields) {
      const entry = { at: new Date().toISOString(), ...fields };
      state[list].push(entry);
      if (state[list].length > MAX_RECORDS) state[list].shift();
      emit({ kind: 'record', list, record: entry });
      return entry;
    },

    /** Announces a change that is not a new record (flags, property, connections). */
    changed: () => emit({ kind: 'state' }),

    reset() {
      for (const name of LISTS) state[name] = [];
      emit({ kind: 'state' });
    },

    /** @param {(change: object) => void} listener @returns {() => void} unsubscribe */
    subscribe(listener) {
      events.on('change', listener);
      return () => events.off('change', listener);
    },
  };
}
