export interface JoinTokenOptions {
  /** The video provider's API origin (VITE_VIDEO_API_URL). */
  apiUrl: string;
  /** Its bearer key (VITE_VIDEO_API_KEY). */
  apiKey: string;
  fetchImpl?: typeof fetch;
}

/** How long a join token lives; a call is capped at 5 minutes, so 10 is plenty. */
export const JOIN_TOKEN_TTL_SECS = 600;

/**
 * Asks the video provider for a client token to join `roomId` (Telnyx:
 * generate_join_client_token). Rejects on a non-2xx answer or an answer without a token.
 */
export function createJoinTokenRequester({ apiUrl, apiKey, fetchImpl }: JoinTokenOptions) {
  return async (roomId: string, signal?: AbortSignal): Promise<string> => {
    const response = await (fetchImpl ?? fetch)(`${apiUrl}/v2/rooms/${encodeURIComponent(roomId)}/actions/generate_join_client_token`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ token_ttl_secs: JOIN_TOKEN_TTL_SECS }),
      signal,
    });
    if (!response.ok) throw new Error(`Join token for room ${roomId}: the video provider answered ${response.status}`);
    const body = (await response.json()) as { data?: { token?: unknown } } | null;
    const token = body?.data?.token;
    if (typeof token !== 'string' || token === '') throw new Error(`Join token for room ${roomId}: no token in the answer`);
    return token;
  };
}
