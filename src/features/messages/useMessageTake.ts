import { useEffect, useRef, useState } from 'react';
import type { MessageTake } from '../../services/messages/recorder';
import { useServices } from '../../store/servicesContext';

/** Where the one take is: not begun, the camera opening, recording, or stopped (its recording being put together). */
export type TakePhase = 'idle' | 'starting' | 'recording' | 'stopped';

export interface TakeHandlers {
  /** The take stopped (the stop key or its limit) with its recording; called even when the screen ended meanwhile (the stop was the visitor's choice). */
  recorded: (recording: Blob, shown: boolean) => void;
  /** The camera, the microphone or the recorder failed; `shown` is whether the screen is still there. */
  failed: (error: unknown, shown: boolean) => void;
}

export interface Take {
  phase: TakePhase;
  /** Whole seconds left, for the countdown. */
  seconds: number;
  /** The camera while it records, for the preview. */
  stream: MediaStream | null;
  /** Begins the one take (once only: after it, nothing). */
  start: () => void;
  /** Ends the take and keeps it (`recorded` follows); nothing when none records. */
  stop: () => void;
  /** Ends the take with nothing kept, also one whose camera is still opening. */
  cancel: () => void;
}

/** How often the countdown is brought up to date: a second's change shows within a quarter of it. */
export const COUNTDOWN_TICK_MS = 250;

/**
 * One take of the panel's recorder (a visitor's message, a delivery's clip):
 * at most `maxMs` long, with a countdown, stopped by `stop` or by itself at
 * the limit. Whenever the screen ends, the take, every track and the
 * countdown stop with it and nothing is kept.
 */
export function useMessageTake(maxMs: number, handlers: TakeHandlers): Take {
  const { recorder } = useServices();
  const [phase, setPhase] = useState<TakePhase>('idle');
  const [seconds, setSeconds] = useState(maxMs / 1000);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const take = useRef<MessageTake | null>(null);
  // Set in the press itself: a second press before the next render must not open a second take.
  const begun = useRef(false);
  const shown = useRef(true);
  // Cancelled while the camera was opening: the take that then arrives is ended at once.
  const abandoned = useRef(false);
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });

  useEffect(() => {
    shown.current = true;
    return () => {
      shown.current = false;
      take.current?.cancel();
      take.current = null;
    };
  }, []);

  const start = () => {
    if (begun.current) return;
    begun.current = true;
    setPhase('starting');
    recorder.start().then(
      (started) => {
        if (!shown.current || abandoned.current) return started.cancel();
        take.current = started;
        setStream(started.stream);
        setPhase('recording');
      },
      (error: unknown) => {
        if (!abandoned.current) latest.current.failed(error, shown.current);
      },
    );
  };

  const release = (): MessageTake | null => {
    const current = take.current;
    take.current = null;
    if (current) {
      setStream(null);
      setPhase('stopped');
    }
    return current;
  };

  const stop = () => {
    release()
      ?.finish()
      .then(
        (recording) => latest.current.recorded(recording, shown.current),
        (error: unknown) => latest.current.failed(error, shown.current),
      );
  };
  const cancel = () => {
    abandoned.current = true;
    release()?.cancel();
  };

  const stopLatest = useRef(stop);
  useEffect(() => {
    stopLatest.current = stop;
  });
  useEffect(() => {
    if (phase !== 'recording') return;
    const endsAt = Date.now() + maxMs;
    const timer = window.setInterval(() => {
      const left = Math.max(0, Math.ceil((endsAt - Date.now()) / 1000));
      setSeconds(left);
      if (left === 0) stopLatest.current();
    }, COUNTDOWN_TICK_MS);
    return () => window.clearInterval(timer);
  }, [phase, maxMs]);

  return { phase, seconds, stream, start, stop, cancel };
}
