import * as v from 'valibot';
import type { CreateCallBody } from '../../services/api/apiClient';
import { text } from '../../services/api/answerSchemas';
import type { CallTargetInfo } from './callTarget';

/**
 * The body of POST telephone-entry/calls (docs/rules.md#r7-1-2): SPEC's three
 * fields, and `reason: "delivery"` for a delivery alone (an optional field a
 * back end that does not know it ignores).
 */
export function callRequestBody(info: Pick<CallTargetInfo, 'residentId'>, image: string, telnyx: boolean, delivery: boolean): CreateCallBody {
  const body: CreateCallBody = { resident_id: info.residentId, image_data: image, telnyx_enabled: telnyx };
  return delivery ? { ...body, reason: 'delivery' } : body;
}

/** The call as the back end created it (docs/rules.md#r3-3-1), in the shape the routes use. */
export interface ServerCall {
  id: string;
  iceServers: RTCIceServer[];
  roomId: string | null;
  /** The back end's join token for the room (`room_token`, optional): with it the kiosk never asks the video provider for one. */
  roomToken: string | null;
  sipUsername: string;
  sipPassword: string;
}

const someText = v.pipe(text, v.nonEmpty());

/** An ICE server entry must name at least one URL; anything else would make RTCPeerConnection throw. */
const iceServer = v.object({ urls: v.union([v.string(), v.pipe(v.array(v.string()), v.nonEmpty())]) });

/** Only the id is required: without the rest a route fails or falls back on its own. */
const serverCallSchema = v.object({
  id: someText,
  token: v.fallback(v.object({ iceServers: v.array(v.unknown()) }), { iceServers: [] }),
  room_id: v.fallback(v.nullable(someText), null),
  room_token: v.fallback(v.nullable(someText), null),
  sip_username: v.fallback(text, ''),
  sip_password: v.fallback(text, ''),
});

/** Reads the answer of POST telephone-entry/calls; throws when it has no call id. */
export function parseServerCall(raw: unknown): ServerCall {
  const call = v.safeParse(serverCallSchema, raw);
  if (!call.success) throw new Error('The created call has no id');
  const { id, token, room_id, room_token, sip_username, sip_password } = call.output;
  return {
    id,
    // The entries as sent (credentials included), only the usable ones.
    iceServers: token.iceServers.filter((entry) => v.is(iceServer, entry)),
    roomId: room_id,
    roomToken: room_token,
    sipUsername: sip_username,
    sipPassword: sip_password,
  };
}
