/**
 * Which property answer the kiosk holds: its `ETag` when the back end sent
 * one, else a fingerprint of its bytes; and its length in bytes. Stored
 * with the property data, so a reload asks about it too.
 */
export interface PropertyVersion {
  etag: string | null;
  fingerprint: string | null;
  size: number;
  /** A digest of the data as read, when the worker read it: a new answer with the same data is not handed over. */
  data?: string | null;
}

/**
 * The property answer, or word that it is the one held (a 304, the same ETag
 * or the same bytes): nothing was parsed. A large changed answer is read in
 * the property worker by the kiosk's own reader (`ApiClientOptions.inWorker`):
 * what it made of it, and its pieces.
 */
export type PropertyAnswer =
  | { unchanged: true }
  | { unchanged: false; body: unknown; version: PropertyVersion }
  | { unchanged: false; read: unknown; pieces: unknown[]; version: PropertyVersion };
