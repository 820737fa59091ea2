import { useEffect } from 'react';
import { useNavigate } from '../../hooks/pageAddress';
import { useAppDispatch } from '../../store/hooks';
import { CancelButton } from '../../components/CancelButton';
import { CodeLockNotice } from '../../features/code-lock/components/CodeLockNotice';
import { useCodeLockSeconds } from '../../features/code-lock/useCodeLock';
import { codeEntered } from '../../features/gate/gateActions';
import { useButtons } from '../../features/input/useButtons';
import { useIdleTimeout } from '../../features/input/useIdleTimeout';
import { qrCameraStarted, qrDecodeFailed, qrPayloadRejected, qrScannerFailed, type ScanFailure } from '../../features/qr/qrActions';
import { passScanned } from '../../features/passes/passActions';
import { looksLikePass } from '../../features/passes/passToken';
import { hasAccessCodeShape } from '../../features/property/validCodes';
import { useQrScanner } from '../../features/qr/useQrScanner';
import { useDevice } from '../../features/session/useDevice';
import { useScreenStrings } from '../../features/session/useScreenStrings';
import { prompts } from '../../features/speech/prompts';
import { useSpokenPrompt } from '../../features/speech/useSpokenPrompt';
import type { ScreenKey } from '../../strings/screenStrings';
import { LockOffers } from '../code-lock/LockOffers';
import './ScanQrScreen.css';

/** How long a camera problem stays on screen before the kiosk goes home. */
export const SCANNER_FAILURE_HOME_MS = 5000;

const FAILURE_TEXT: Record<ScanFailure, ScreenKey> = {
  missing: 'qr.missing',
  refused: 'qr.refused',
  unavailable: 'qr.unavailable',
  decoder: 'qr.decoder',
};

export function ScanQrScreen() {
  const navigate = useNavigate();
  const { model, cancel, touch } = useDevice();
  const ts = useScreenStrings();
  useSpokenPrompt(prompts.scanQr(model));
  const lockSeconds = useCodeLockSeconds();
  const goHome = () => navigate('/');

  useIdleTimeout(goHome);
  useButtons((button) => {
    if (button === 'BACK') goHome();
  });

  return (
    <main className="screen scan-qr">
      <h1>{ts('qr.title')}</h1>
      {/* Locked: no camera at all until the lock ends, then scanning starts by itself. */}
      {lockSeconds > 0 ? (
        <CodeLockNotice seconds={lockSeconds}>
          <LockOffers />
        </CodeLockNotice>
      ) : (
        <CameraScan goHome={goHome} />
      )}
      <footer className="screen-footer">
        <CancelButton label={cancel} touch={touch} onCancel={goHome} />
      </footer>
    </main>
  );
}

/** The instructions and the camera, scanning while shown; leaving stops the camera and the decoder. */
function CameraScan({ goHome }: { goHome: () => void }) {
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const { t } = useDevice();
  const ts = useScreenStrings();
  const { videoRef, status } = useQrScanner({
    onDecoded: (value) => {
      // A pass is checked by the passes feature (docs/passes.md); its verdict is told as a code's is.
      if (looksLikePass(value)) {
        dispatch(passScanned(value));
        goHome();
        return true;
      }
      if (!hasAccessCodeShape(value)) {
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
    if (status.state === 'scanning') dispatch(qrCameraStarted());
    if (status.state !== 'failed') return undefined;
    dispatch(qrScannerFailed({ failure: status.failure, message: status.detail }));
    const timer = setTimeout(() => navigate('/'), SCANNER_FAILURE_HOME_MS);
    return () => clearTimeout(timer);
  }, [status, dispatch, navigate]);

  return (
    <>
      <p className="scan-qr-instructions">{ts('qr.instructions')}</p>
      <div className="camera-view">
        <video ref={videoRef} muted playsInline aria-label={ts('qr.camera')} />
        {status.state === 'loading' && (
          <p className="camera-status" role="status">
            {t('app.loading')}
          </p>
        )}
        {status.state === 'failed' && (
          <p className="camera-status camera-failed" role="alert">
            {ts(FAILURE_TEXT[status.failure])} {ts('qr.returning')}
          </p>
        )}
      </div>
    </>
  );
}
