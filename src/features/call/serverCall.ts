/** The call as the back end created it (SPEC.md section 3), in the shape the routes use. */
export interface ServerCall {
  id: string;
  iceServers: RTCIceServer[];
  roomId: string | null;
  sipUsername: string;
  sipPassword: string;
}

type Json = Record<string, unknown>;
const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : typeof value === 'number' && Number.isFinite(value) ? String(value) : null;

/** An ICE server entry must name at least one URL; anything else would make RTCPeerConnection throw. */
function isIceServer(value: unknown): value is RTCIceServer {
  if (!isRecord(value)) return false;
  const { urls } = value;
  return typeof urls === 'string' || (Array.isArray(urls) && urls.length > 0 && urls.every((url) => typeof url === 'string'));
}

/** Reads the answer of POST telephone-entry/calls; throws when it has no call id. */
export function parseServerCall(raw: unknown): ServerCall {
  const id = isRecord(raw) ? text(raw.id) : null;
  if (!isRecord(raw) || id === null) throw new Error('The created call has no id');
  const token = isRecord(raw.token) ? raw.token : {};
  return {
    id,
    iceServers: Array.isArray(token.iceServers) ? token.iceServers.filter(isIceServer) : [],
    roomId: text(raw.room_id),
    sipUsername: text(raw.sip_username) ?? '',
    sipPassword: text(raw.sip_password) ?? '',
  };
}
