import { useEffect, useRef, useState } from 'react';
import { startScanSession, type ScanEvents, type ScannerStatus } from './scanSession';

type Handlers = Omit<ScanEvents, 'onStatus'>;

/**
 * Runs a scan session on the returned video element while the component is
 * mounted; unmounting (for any reason) stops the camera, the worker and the
 * frame loop.
 */
export function useQrScanner(handlers: Handlers) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [status, setStatus] = useState<ScannerStatus>({ state: 'loading' });
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return undefined;
    return startScanSession(video, {
      onStatus: setStatus,
      onDecoded: (value) => latest.current.onDecoded(value),
      onDecodeError: (message) => latest.current.onDecodeError(message),
    });
  }, []);

  return { videoRef, status };
}
