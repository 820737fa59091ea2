import { useEffect, useRef, useState } from 'react';
import { useAppDispatch } from '../../store/hooks';
import { useServices } from '../../store/servicesContext';
import { useMessageTake, type Take } from '../messages/useMessageTake';
import { DELIVERY_CLIP_MAX_MS, keepDeliveryMessage, takeDeliveryPicture, type DeliveryCall } from './deliveryMessage';

/** Where the courier is: the offer, the picture being taken, the offer of a clip, the clip recording, the message being kept. */
export type DeliveryStage = 'offer' | 'taking' | 'clip-offer' | 'recording' | 'saving';

export interface DeliveryMessage {
  stage: DeliveryStage;
  /** The picture taken (a data URL), shown while a clip is offered or recorded. */
  picture: string | null;
  /** The clip's take: its countdown and preview. */
  take: Take;
  /** 'Send a picture': takes it, then offers a clip or keeps the picture alone. */
  send: () => void;
  /** 'Add a video': records the one clip. */
  addClip: () => void;
  /** 'Send the picture alone': at the clip's offer, or ending a clip that records (nothing of it kept). */
  pictureAlone: () => void;
}

/**
 * The delivery offer's steps (docs/rules.md#r2-7-8): `send` takes the
 * picture once (a second press while it runs does nothing); where
 * `clipOffered` (a camera and MediaRecorder) the courier may then add one
 * clip of up to 10 s, else the picture is kept alone. The message is kept
 * once, then `onDone`. Leaving the screen before the message is kept ends
 * the camera, the take and its countdown, and sends nothing.
 */
export function useDeliveryMessage(call: DeliveryCall, clipOffered: boolean, onDone: () => void): DeliveryMessage {
  const dispatch = useAppDispatch();
  const { logger } = useServices();
  const [step, setStep] = useState<'offer' | 'taking' | 'clip' | 'saving'>('offer');
  const [picture, setPicture] = useState<string | null>(null);
  // Set in the press itself: a second press before the next render must not take or keep twice.
  const taking = useRef(false);
  const keeping = useRef(false);
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

  /** Keeps the message once; home after it unless the screen has gone meanwhile. */
  const keep = (photo: string, clip: Blob | null) => {
    const ended = screen.current?.signal;
    if (keeping.current || !ended) return;
    keeping.current = true;
    setStep('saving');
    void dispatch(keepDeliveryMessage(call, photo, clip)).then(() => {
      if (!ended.aborted) latestDone.current();
    });
  };

  const take = useMessageTake(DELIVERY_CLIP_MAX_MS, {
    // Stopped by the courier (or at 10 s): the picture and the clip, even if the screen ended meanwhile.
    recorded: (clip) => picture !== null && keep(picture, clip),
    // A clip that cannot be had leaves the picture, which goes alone.
    failed: (error, shown) => {
      logger.child('delivery').error('The delivery clip could not be recorded', error);
      if (shown && picture !== null) keep(picture, null);
    },
  });

  const send = () => {
    const ended = screen.current?.signal;
    if (taking.current || !ended || ended.aborted) return;
    taking.current = true;
    setStep('taking');
    void dispatch(takeDeliveryPicture(ended)).then((photo) => {
      if (ended.aborted) return;
      if (photo === null) latestDone.current();
      else if (!clipOffered) keep(photo, null);
      else {
        setPicture(photo);
        setStep('clip');
      }
    });
  };
  const addClip = () => {
    if (step === 'clip') take.start();
  };
  const pictureAlone = () => {
    if (step !== 'clip' || picture === null || take.phase === 'stopped') return;
    take.cancel();
    keep(picture, null);
  };

  const recording = take.phase === 'starting' || take.phase === 'recording';
  const stage: DeliveryStage = step === 'clip' ? (take.phase === 'idle' ? 'clip-offer' : recording ? 'recording' : 'saving') : step;
  return { stage, picture, take, send, addClip, pictureAlone };
}
