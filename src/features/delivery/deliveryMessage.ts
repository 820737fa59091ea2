import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { stillOrReason } from '../../services/camera/stillOutcome';
import type { RootState } from '../../store/rootState';
import type { Services } from '../../store/services';
import { english } from '../../strings/catalogue';
import { CALL_ERROR_NOTICE } from '../call/callErrorNotice';
import { queueMessage, type MessagePart } from '../messages/messageQueue';
import { notificationPushed } from '../notifications/notificationsSlice';
import { selectModel } from '../session/sessionSlice';
import { prompts } from '../speech/prompts';

/** A delivery nobody answered: the back end's call it is filed under, and whom it was for. */
export interface DeliveryCall {
  serverCallId: string;
  name: string;
}

type DeliveryThunk<T> = ThunkAction<Promise<T>, RootState, Services, UnknownAction>;

/** The longest clip a courier may add to the picture (docs/rules.md#r4-9-13). */
export const DELIVERY_CLIP_MAX_MS = 10000;

/** A data URL's bytes as a Blob of its type (decoded here: the page's CSP need not let fetch read `data:`). */
export function dataUrlBlob(url: string): Blob {
  const comma = url.indexOf(',');
  const type = url.slice(5, comma).replace(/;base64$/, '');
  const binary = atob(url.slice(comma + 1));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type });
}

/** The courier hears and sees that nothing was sent: R8.1.10's error. */
const toldAsError = (dispatch: (action: UnknownAction) => unknown, services: Services) => {
  services.sound.play(CALL_ERROR_NOTICE.sound);
  dispatch(notificationPushed(CALL_ERROR_NOTICE.notification));
};

/**
 * docs/rules.md#r4-9-13: a picture from the camera (turned off after it, or
 * as soon as the screen ends), as a data URL. A screen that ended meanwhile
 * gets null; so does a camera that gives no picture, which is logged and
 * told as an error.
 */
export const takeDeliveryPicture =
  (ended: AbortSignal): DeliveryThunk<string | null> =>
  async (dispatch, _getState, services) => {
    const picture = await stillOrReason(services.camera, services.call.streams.get().local !== null, ended);
    if (ended.aborted) return null;
    if ('photo' in picture) return picture.photo;
    services.logger.child('delivery').error('The delivery picture could not be taken', picture);
    toldAsError(dispatch, services);
    return null;
  };

/**
 * Keeps the delivery message in the message queue under the call: the
 * picture, and the courier's clip when there is one (one message, its parts
 * named `picture` and `clip`); once it is kept the courier is told '{name}
 * has been told'. A queue that cannot keep it is told as an error. Resolves
 * with whether the message was kept.
 */
export const keepDeliveryMessage =
  ({ serverCallId, name }: DeliveryCall, picture: string, clip: Blob | null): DeliveryThunk<boolean> =>
  async (dispatch, getState, services) => {
    const parts: MessagePart[] = [{ name: 'picture', blob: dataUrlBlob(picture) }];
    if (clip) parts.push({ name: 'clip', blob: clip });
    const kept = await dispatch(queueMessage({ callId: serverCallId, kind: 'delivery', parts, residentName: name, recordedAt: new Date().toISOString() }));
    if (!kept) {
      toldAsError(dispatch, services);
      return false;
    }
    dispatch(notificationPushed({ status: 'SUCCESS', title: english('notice.told', { name }) }));
    services.speech.say(prompts.deliveryTold(selectModel(getState())));
    return true;
  };
