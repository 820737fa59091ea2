// The panels the test plays (issue 43's table): how many networks, IPv6 or
// not, and the ICE servers the call answer lists, as a TURN provider's.
import { TURN_PASSWORD, TURN_PORT, TURN_USER } from './coturn.mjs';
import { TURN_ADDRESS } from './netns.mjs';

/** Inside the test's own namespace every port is free: fixed ones let the kiosk be built once for all scenarios. */
export const PORTS = { simulator: 8787, soketi: 6001, kiosk: 5173 };
export const HOST = '127.0.0.1';

const credentials = { username: TURN_USER, credential: TURN_PASSWORD };
const turn = (scheme, port, transport) => `${scheme}:${TURN_ADDRESS}:${port}?transport=${transport}`;

/** What providers hand out: stun, and turn over UDP 3478, TCP 3478 and TCP 443. */
const PROVIDER_LIST = [
  { urls: `stun:${TURN_ADDRESS}:${TURN_PORT}` },
  { urls: [turn('turn', TURN_PORT, 'udp'), turn('turn', TURN_PORT, 'tcp'), turn('turn', 443, 'tcp')], ...credentials },
];

/** Fuller lists add UDP and TCP 80 and TLS 5349 (no TLS listener here: tried, not reached). */
const FULLER_LIST = [
  PROVIDER_LIST[0],
  { urls: [...PROVIDER_LIST[1].urls, turn('turn', 80, 'udp'), turn('turn', 80, 'tcp'), turn('turns', 5349, 'tcp')], ...credentials },
];

/** The far end, a phone on another network: relays only, through the same provider. */
export const FAR_END_ICE = { iceServers: [{ urls: turn('turn', TURN_PORT, 'udp'), ...credentials }], iceTransportPolicy: 'relay' };

export const SCENARIOS = [
  { name: 'one network', networks: 1, ipv6: false, iceServers: PROVIDER_LIST },
  { name: 'two networks', networks: 2, ipv6: false, iceServers: PROVIDER_LIST },
  { name: 'two networks, the fuller ICE list', networks: 2, ipv6: false, iceServers: FULLER_LIST },
  { name: 'two networks with IPv6', networks: 2, ipv6: true, iceServers: PROVIDER_LIST },
];
