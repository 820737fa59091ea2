import { useEffect, useRef } from 'react';

/** A video element showing `stream`; it lets go of the stream when the stream changes or the element goes. */
export function StreamVideo({ stream, muted, className, label }: { stream: MediaStream | null; muted: boolean; className: string; label: string }) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const video = ref.current;
    if (!video || !stream) return undefined;
    video.srcObject = stream;
    // Autoplay can be refused; the picture then starts at the next gesture, the call goes on regardless.
    video.play().catch(() => undefined);
    return () => {
      video.srcObject = null;
    };
  }, [stream]);
  return <video ref={ref} className={className} autoPlay playsInline muted={muted} aria-label={label} />;
}
