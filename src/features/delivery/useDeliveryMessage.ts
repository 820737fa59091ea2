import { useEffect, useRef, useState } from 'react';
import { useAppDispatch } from '../../store/hooks';
import { sendDeliveryMessage, type DeliveryCall } from './deliveryMessage';

/**
 * The delivery offer's one action: `send` takes the picture and queues the
 * message once (a second press while it runs does nothing), then `onDone`.
 * Leaving the screen aborts it: the camera goes off and nothing is sent.
 */
export function useDeliveryMessage(call: DeliveryCall, onDone: () => void): { busy: boolean; send: () => void } {
  const dispatch = useAppDispatch();
  const [busy, setBusy] = useState(false);
  // Set in the press itself: a second press before the next render must not send twice.
  const running = useRef(false);
  const screen = useRef<AbortController | null>(null);
  const latestDone = useRef(onDone);
  useEffect(() => {
    latestDone.current = onDone;
  });
  useEffect(() => {
    const controller = new AbortController();
    screen.current = controller;
    return () => controller.abort(new Error('The delivery offer ended'));
  }, []);
  const send = () => {
    const ended = screen.current?.signal;
    if (running.current || !ended || ended.aborted) return;
    running.current = true;
    setBusy(true);
    void dispatch(sendDeliveryMessage(call, ended)).then(() => {
      if (!ended.aborted) latestDone.current();
    });
  };
  return { busy, send };
}
