import { createSignalHub, MAX_HELD_CANDIDATES } from './signalHub';

const offer = (sdp: string): RTCSessionDescriptionInit => ({ type: 'offer', sdp });
const candidate = (name: string): RTCIceCandidateInit => ({ candidate: `candidate:${name}` });

/** A hub with the peer route listening, recording what it is given. */
function listening() {
  const hub = createSignalHub();
  const offers: RTCSessionDescriptionInit[] = [];
  const candidates: RTCIceCandidateInit[] = [];
  const stop = [hub.onOffer((sdp) => offers.push(sdp)), hub.onCandidate((c) => candidates.push(c))];
  return { hub, offers, candidates, stop: () => stop.forEach((unsubscribe) => unsubscribe()) };
}

describe("a call's answerer: the sender of the first offer", () => {
  it('takes the first offer only, whoever sends the later ones', () => {
    const { hub, offers } = listening();
    expect(hub.offer(offer('resident'), 'app-5')).toBe(true);
    expect(hub.offer(offer('intruder'), 'app-9')).toBe(false);
    expect(hub.offer(offer('again'), 'app-5')).toBe(false);
    expect(offers).toEqual([offer('resident')]);
  });

  it("passes on the answerer's candidates and ignores everyone else's", () => {
    const { hub, candidates } = listening();
    hub.offer(offer('resident'), 'app-5');
    expect(hub.candidate(candidate('resident'), 'app-5')).toBe(true);
    expect(hub.candidate(candidate('intruder'), 'app-9')).toBe(false);
    expect(hub.candidate(candidate('nameless'), null)).toBe(false);
    expect(candidates).toEqual([candidate('resident')]);
  });

  it("holds candidates that come before the offer, and applies only the answerer's", () => {
    const { hub, candidates } = listening();
    expect(hub.candidate(candidate('intruder'), 'app-9')).toBe(true);
    expect(hub.candidate(candidate('early'), 'app-5')).toBe(true);
    expect(candidates).toEqual([]);
    hub.offer(offer('resident'), 'app-5');
    expect(candidates).toEqual([candidate('early')]);
  });

  it('an offer naming nobody is taken as the first; then only events naming nobody are its sender', () => {
    const { hub, candidates } = listening();
    expect(hub.offer(offer('nameless'), null)).toBe(true);
    expect(hub.candidate(candidate('named'), 'app-9')).toBe(false);
    expect(hub.candidate(candidate('nameless'), null)).toBe(true);
    expect(candidates).toEqual([candidate('nameless')]);
    // Nobody was named by the offer, so no decision can be told apart from its sender's.
    expect(hub.mayDecide('app-9')).toBe(true);
    expect(hub.mayDecide(null)).toBe(true);
  });

  it('anyone may decide until an offer is taken; then any decision but one naming another sender', () => {
    const { hub } = listening();
    expect(hub.mayDecide('app-9')).toBe(true);
    expect(hub.mayDecide(null)).toBe(true);
    hub.offer(offer('resident'), 'app-5');
    expect(hub.mayDecide('app-5')).toBe(true);
    expect(hub.mayDecide(null)).toBe(true);
    expect(hub.mayDecide('app-9')).toBe(false);
  });

  it('with no route listening nothing is taken: an offer then does not make its sender the answerer', () => {
    const { hub, offers, stop } = listening();
    stop();
    expect(hub.offer(offer('late'), 'app-5')).toBe(false);
    expect(hub.candidate(candidate('late'), 'app-5')).toBe(false);
    expect(offers).toEqual([]);
    expect(hub.mayDecide('app-9')).toBe(true);
  });

  it(`holds at most ${MAX_HELD_CANDIDATES} candidates before the offer`, () => {
    const { hub, candidates } = listening();
    for (let i = 0; i < MAX_HELD_CANDIDATES; i += 1) expect(hub.candidate(candidate(`c${i}`), 'app-5')).toBe(true);
    expect(hub.candidate(candidate('one too many'), 'app-5')).toBe(false);
    hub.offer(offer('resident'), 'app-5');
    expect(candidates).toHaveLength(MAX_HELD_CANDIDATES);
    expect(candidates.at(-1)).toEqual(candidate(`c${MAX_HELD_CANDIDATES - 1}`));
  });
});
