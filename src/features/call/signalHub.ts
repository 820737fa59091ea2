import type { Sender } from './callSignalling';

type Handler<T> = (value: T) => void;

/** Far-end candidates held before the first offer; a member sending more than this before it is not an answerer. */
export const MAX_HELD_CANDIDATES = 100;

/**
 * Offers and candidates from the channel, for the peer route to take while it
 * runs, and who the call's answerer is: the sender of the first offer the
 * route took. From then on the call ignores every other offer, and
 * candidates and decisions from anyone else (docs/security.md).
 */
export interface SignalHub {
  onOffer(handler: Handler<RTCSessionDescriptionInit>): () => void;
  onCandidate(handler: Handler<RTCIceCandidateInit>): () => void;
  /** Passes the call's first offer to the route that waits for it; false when ignored (a later offer, or no route waiting). */
  offer(sdp: RTCSessionDescriptionInit, from: Sender): boolean;
  /** Passes the answerer's candidate on (held until the first offer while the route waits); false when ignored. */
  candidate(candidate: RTCIceCandidateInit, from: Sender): boolean;
  /**
   * Whether a decision from `from` counts: it does unless both it and the
   * answered offer name a sender and the two differ. A decision naming nobody
   * counts: SPEC's `client-deny` has no `from`, and apps that name themselves
   * on their offer often do not on their decision.
   */
  mayDecide(from: Sender): boolean;
}

export function createSignalHub(): SignalHub {
  const offers = new Set<Handler<RTCSessionDescriptionInit>>();
  const candidates = new Set<Handler<RTCIceCandidateInit>>();
  const held: Array<{ candidate: RTCIceCandidateInit; from: Sender }> = [];
  // undefined: no offer taken yet; null: taken from a sender that named nobody.
  let answerer: Sender | undefined;
  const on =
    <T,>(set: Set<Handler<T>>) =>
    (handler: Handler<T>) => {
      set.add(handler);
      return () => {
        set.delete(handler);
      };
    };
  const pass = (candidate: RTCIceCandidateInit) => candidates.forEach((handler) => handler(candidate));
  return {
    onOffer: on(offers),
    onCandidate: on(candidates),
    offer(sdp, from) {
      if (answerer !== undefined || offers.size === 0) return false;
      answerer = from;
      offers.forEach((handler) => handler(sdp));
      for (const entry of held.splice(0)) if (entry.from === from) pass(entry.candidate);
      return true;
    },
    candidate(candidate, from) {
      if (answerer === undefined) {
        if (candidates.size === 0 || held.length >= MAX_HELD_CANDIDATES) return false;
        held.push({ candidate, from });
        return true;
      }
      if (from !== answerer) return false;
      pass(candidate);
      return true;
    },
    mayDecide: (from) => answerer == null || from === null || from === answerer,
  };
}
