// What the simulator has seen and what it currently serves, plus change
// notifications for the console's live view.
import { EventEmitter } from 'node:events';

const LISTS = ['accessRequests', 'checkins', 'logs', 'calls', 'sipCalls', 'voiceCalls', 'hardware', 'channelEvents', 'messages'];
// Calls carry snapshot images and logs carry whatever a kiosk sends: cap
// every list by count and by size, so a kiosk left running for days (or a
// client sending large bodies) does not grow the simulator without bound.
const MAX_RECORDS = 500;
export const MAX_LIST_BYTES = 4 * 1024 * 1024;

/**
 * @param {object} propertyData the property data response to serve
 */
export function createStore(propertyData) {
  const events = new EventEmitter();
  /** Per list, the JSON size of each record, oldest first, and their sum. */
  const sizes = Object.fromEntries(LISTS.map((name) => [name, { each: [], total: 0 }]));
  const state = {
    ...Object.fromEntries(LISTS.map((name) => [name, []])),
    offline: false,
    /** The precision the back end stores access requests' times at: 'milliseconds', or 'seconds' as many databases do. */
    accessRequestTimes: 'milliseconds',
    /** Whether the property answer carries an ETag (and a matching If-None-Match gets 304). */
    propertyETag: false,
    featureFlags: { telnyx_enabled: false },
    /** Whether POST calls answers with `room_token`, a room join token minted by the back end (docs/security.md). */
    roomTokens: false,
    /** Whether POST calls/{id}/message is served; off plays a back end without it (404). */
    messagesEndpoint: true,
    /** The ICE servers `POST calls` hands out in `token.iceServers`, as a TURN provider's would be (none by default). */
    iceServers: [],
    property: propertyData,
    /** How many records each list keeps (the newest); a test of a long outage raises it to count every delivery. */
    recordLimit: MAX_RECORDS,
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
      const size = sizes[list];
      const bytes = Buffer.byteLength(JSON.stringify(entry));
      state[list].push(entry);
      size.each.push(bytes);
      size.total += bytes;
      // The newest record always stays (a request body is capped well below a list's budget).
      while (state[list].length > 1 && (state[list].length > state.recordLimit || size.total > MAX_LIST_BYTES)) {
        state[list].shift();
        size.total -= size.each.shift();
      }
      emit({ kind: 'record', list, record: entry });
      return entry;
    },

    /** Announces a change that is not a new record (flags, property, connections). */
    changed: () => emit({ kind: 'state' }),

    reset() {
      for (const name of LISTS) {
        state[name] = [];
        sizes[name] = { each: [], total: 0 };
      }
      emit({ kind: 'state' });
    },

    /** @param {(change: object) => void} listener @returns {() => void} unsubscribe */
    subscribe(listener) {
      events.on('change', listener);
      return () => events.off('change', listener);
    },
  };
}
