import { createAction } from '@reduxjs/toolkit';
import type { CameraFailure } from '../../services/camera/camera';

/** A QR code was read but does not hold an access code (exactly 5 digits); scanning goes on. */
export const qrPayloadRejected = createAction<string>('qr/payloadRejected');
/** The worker could not decode a frame; scanning goes on. */
export const qrDecodeFailed = createAction<string>('qr/decodeFailed');
/** The scan screen's camera shows a picture. */
export const qrCameraStarted = createAction('qr/cameraStarted');
/** The scan screen lost (or never got) the camera or the decoder and is going home. */
export const qrScannerFailed = createAction<{ failure: ScanFailure; message: string }>('qr/scannerFailed');

export type ScanFailure = CameraFailure | 'decoder';
