/*
 * What the code lock's report and a delivery message ask of the camera: one
 * still, or why there is none. Apart from the camera's own code (still.ts),
 * which the services fetch at the first still.
 */

/** The camera as the code lock's report and a delivery message use it (stillOrReason). */
export interface StillCamera {
  /** `ended`: the screen that asked has gone; the camera is turned off at once and the still rejects. */
  takeStill(ended?: AbortSignal): Promise<string>;
}

/** A still, or why there is none: what a report or a message carries. */
export type StillOutcome = { photo: string } | { photoError: string };

/**
 * One still that never fails: a camera that is busy (`inUse`: a call still
 * holds it), missing, refused or too slow gives the reason instead.
 */
export async function stillOrReason(camera: StillCamera, inUse: boolean, ended?: AbortSignal): Promise<StillOutcome> {
  if (inUse) return { photoError: 'The camera is in use by a call' };
  try {
    return { photo: await camera.takeStill(ended) };
  } catch (error) {
    return { photoError: error instanceof Error ? error.message : String(error) };
  }
}
