import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { stillOrReason } from '../../services/camera/still';
import type { RootState } from '../../store/rootState';
import type { Services } from '../../store/services';
import { english } from '../../strings/catalogue';
import { CALL_ERROR_NOTICE } from '../call/callErrorNotice';
import { queueMessage } from '../messages/messageQueue';
import { notificationPushed } from '../notifications/notificationsSlice';
import { selectModel } from '../session/sessionSlice';
import { prompts } from '../speech/prompts';

/** A delivery nobody answered: the back end's call it is filed under, and whom it was for. */
export interface DeliveryCall {
  serverCallId: string;
  name: string;
}

/** A data URL's bytes as a Blob of its type (decoded here: the page's CSP need not let fetch read `data:`). */
export function dataUrlBlob(url: string): Blob {
  const comma = url.indexOf(',');
  const type = url.slice(5, comma).replace(/;base64$/, '');
  const binary = atob(url.slice(comma + 1));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type });
}

/**
 * docs/rules.md#r4-9-13: a picture from the camera (turned off after it, or
 * as soon as the screen ends), kept in the message queue as a `delivery`
 * message under the call; once it is kept, the courier is told '{name} has
 * been told'. A screen that ended meanwhile sends nothing; a camera that gives
 * no picture, or a queue that cannot keep it, is told as an error.
 * Resolves with whether the message was kept.
 */
export const sendDeliveryMessage =
  ({ serverCallId, name }: DeliveryCall, ended: AbortSignal): ThunkAction<Promise<boolean>, RootState, Services, UnknownAction> =>
  async (dispatch, getState, services) => {
    const picture = await stillOrReason(services.camera, services.call.streams.get().local !== null, ended);
    if (ended.aborted) return false;
    const kept =
      'photo' in picture &&
      (await dispatch(
        queueMessage({
          callId: serverCallId,
          kind: 'delivery',
          parts: [{ name: 'picture', blob: dataUrlBlob(picture.photo) }],
          residentName: name,
          recordedAt: new Date().toISOString(),
        }),
      ));
    if (!kept) {
      if ('photoError' in picture) services.logger.child('delivery').error('The delivery picture could not be taken', picture);
      services.sound.play(CALL_ERROR_NOTICE.sound);
      dispatch(notificationPushed(CALL_ERROR_NOTICE.notification));
      return false;
    }
    dispatch(notificationPushed({ status: 'SUCCESS', title: english('notice.told', { name }) }));
    services.speech.say(prompts.deliveryTold(selectModel(getState())));
    return true;
  };
