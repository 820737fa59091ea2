import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch } from '../../app/hooks';
import { CancelButton } from '../../components/CancelButton';
import { CodeLockNotice } from '../../features/code-lock/components/CodeLockNotice';
import { useCodeLockSeconds } from '../../features/code-lock/useCodeLock';
import { codeEntered } from '../../features/gate/gateActions';
import { useButtons } from '../../features/input/useButtons';
import { useIdleTimeout } from '../../features/input/useIdleTimeout';
import { qrDecodeFailed, qrPayloadRejected, qrScannerFailed, type ScanFailure } from '../../features/qr/qrActions';
import { isAccessCodePayload } from '../../features/qr/qrPayload';
import { useQrScanner } from '../../features/qr/useQrScanner';
import { useDevice } from '../../features/session/useDevice';

/** How long a camera problem stays on screen before the kiosk goes home. */
export const SCANNER_FAILURE_HOME_MS = 5000;

const FAILURE_TEXT: Record<ScanFailure, string> = {
  missing: 'No camera was found on this panel.',
  refused: 'The camera could not be used: access to it was refused.',
  unavailable: 'The camera is not working right now.',
  decoder: 'QR code scanning is not working right now.',
};

export function ScanQrScreen() {
  const navigate = useNavigate();
  const { strings } = useDevice();
  const lockSeconds = useCodeLockSeconds();
  const goHome = () => navigate('/');

  useIdleTimeout(goHome);
  useButtons((button) => {
    if (button === 'BACK') goHome();
  });

  return (
    <main className="screen scan-qr">
      <h1>{strings.scanQr}</h1>
      {/* Locked: no camera at all until the lock ends, then scanning starts by itself. */}
      {lockSeconds > 0 ? <CodeLockNotice seconds={lockSeconds} /> : <CameraScan goHome={goHome} />}
      <footer className="screen-footer">
        <CancelButton onCancel={goHome} />
      </footer>
    </main>
  );
}

/** The instructions and the camera, scanning while shown; leaving stops the camera and the decoder. */
function CameraScan({ goHome }: { goHome: () => void }) {
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const { strings } = useDevice();
  const { videoRef, status } = useQrScanner({
    onDecoded: (value) => {
      if (!isAccessCodePayload(value)) {
        dispatch(qrPayloadRejected(value));
        return false;
      }
      // Gate, notification, sound and the queued request are the gate feature's, as for a typed code.
      dispatch(codeEntered({ code: value, source: 'qr' }));
      goHome();
      return true;
    },
    onDecodeError: (message) => dispatch(qrDecodeFailed(message)),
  });

  useEffect(() => {
    if (status.state !== 'failed') return undefined;
    dispatch(qrScannerFailed({ failure: status.failure, message: status.detail }));
    const timer = setTimeout(() => navigate('/'), SCANNER_FAILURE_HOME_MS);
    return () => clearTimeout(timer);
  }, [status, dispatch, navigate]);

  return (
    <>
      <p className="scan-qr-instructions">{strings.qrInstructions}</p>
      <div className="camera-view">
        <video ref={videoRef} muted playsInline aria-label="Camera" />
        {status.state === 'loading' && (
          <p className="camera-status" role="status">
            Loading...
          </p>
        )}
        {status.state === 'failed' && (
          <p className="camera-status camera-failed" role="alert">
            {FAILURE_TEXT[status.failure]} Returning to the start screen.
          </p>
        )}
      </div>
    </>
  );
}
