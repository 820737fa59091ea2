/** A camera frame for the worker; `buffer` is transferred, not copied. */
export interface DecodeRequest {
  id: number;
  width: number;
  height: number;
  buffer: ArrayBuffer;
}

/** The worker's answer: the QR text (null when none was found) or an error, and the time the decode took. */
export type DecodeReply = { id: number; decodeMs: number } & ({ data: string | null } | { error: string });
