/**
 * How long each call may take before it counts as failed. Who tries again,
 * and when, is the caller's (README, "Reliability and security"). Each limit
 * is shorter than the usual period of the loop that makes the call again, so
 * a hung call is given up before the next poll or send is due.
 */
export const API_TIMEOUTS_MS = {
  /** Loaded with the property, every 60 s (5 s while in error). */
  'feature-flags': 10_000,
  /** Every 60 s, every 5 s while in error; the answer can be large. */
  'telephone-entry/property': 15_000,
  /** Every 30 s and soon after an enqueue, never two at once; the server keeps the batch even if its answer is lost. */
  'telephone-entry/access-requests': 20_000,
  /** Every 30 s; a failed one is not made up for. */
  'telephone-entry/checkin': 10_000,
  /** Best effort, never retried (a log of a failed log would loop). */
  'telephone-entry/logs': 10_000,
  /** Never retried: a lost answer would ring the resident twice. The visitor may call again. */
  'telephone-entry/calls': 15_000,
  /** Never retried, for the same reason; the call ends with an error. */
  'telephone-entry/sip-call': 10_000,
  /** The real-time channel subscribes again 5 s after a failure. */
  'telephone-entry/pusher/auth': 10_000,
  /** A recorded message (megabytes over a panel's uplink); tried again 30 s after a failure, kept until sent. */
  'telephone-entry/calls/{id}/message': 120_000,
} as const;

export type ApiPath = keyof typeof API_TIMEOUTS_MS;
