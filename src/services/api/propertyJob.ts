import { fingerprintOf, platformDigest, type Digest } from './fingerprint';

/** What the property worker is asked: the bytes of an answer the page has read, or of one it fetches itself. */
export interface PropertyJob {
  source: { blob: Blob } | { url: string; headers: Record<string, string> };
  /** The held answer's fingerprint: an answer with the same one comes back as unchanged, without its bytes. */
  held: string | null;
  /** The digest of the data held (PropertyVersion's `data`), for a worker that reads the answer too. */
  heldData?: string | null;
}

/**
 * A changed answer read in the worker by the kiosk's own reader: what it made
 * of it (for the kiosk, opaque here) and the pieces that follow it, each a
 * message of its own, so the page takes them in tasks of their own.
 */
export interface ReadAnswer {
  read: unknown;
  pieces: unknown[];
}

/** What reads a changed answer's bytes in the worker: given, the bytes never come back to the page. */
export type AnswerReader = (bytes: ArrayBuffer, heldData: string | null) => Promise<ReadAnswer>;

/** The worker's answer: unchanged, the new bytes (transferred), a refusal (not 2xx), or a failed read. */
export type PropertyReply =
  | { unchanged: true }
  | { unchanged: false; bytes: ArrayBuffer; etag: string | null; fingerprint: string | null }
  | { unchanged: false; read: unknown; pieces: unknown[]; etag: string | null; fingerprint: string | null; size: number }
  | { status: number }
  | { error: string };

/**
 * The worker's work, here so that tests can run it without a worker (and
 * choose its digest, as `fingerprintOf` lets them). An answer with an ETag is
 * not fingerprinted: the back end names its versions.
 */
export async function runPropertyJob({ source, held, heldData = null }: PropertyJob, digest: Digest | null = platformDigest(), reader: AnswerReader | null = null): Promise<PropertyReply> {
  try {
    let bytes: ArrayBuffer;
    let etag: string | null = null;
    if ('blob' in source) {
      bytes = await source.blob.arrayBuffer();
    } else {
      const response = await fetch(source.url, { headers: source.headers });
      if (!response.ok) return { status: response.status };
      etag = response.headers.get('ETag');
      bytes = await response.arrayBuffer();
    }
    const fingerprint = etag ? null : await fingerprintOf(bytes, digest);
    if (fingerprint !== null && fingerprint === held) return { unchanged: true };
    if (reader) return { unchanged: false, ...(await reader(bytes, heldData)), etag, fingerprint, size: bytes.byteLength };
    return { unchanged: false, bytes, etag, fingerprint };
  } catch (error) {
    return { error: String(error) };
  }
}
