import type { Capabilities } from '../../lib/capabilities';
import type { RootState } from '../../store/rootState';
import { selectVisitorMessages } from '../session/deviceSettings';
import { selectCall } from './callSlice';
import { callStage } from './callStage';

/**
 * Whether the call that just ended offers the visitor a video message
 * (docs/rules.md#r8-1-18): nobody answered it, the back end gave it an id
 * (the message is filed under it: a call that never got one offers none),
 * the device record's `visitor_messages` is on, and the engine can record
 * one and keep it (a camera, MediaRecorder and IndexedDB). The call's
 * workflow asks it to leave out the '{name} did not answer' notification
 * (its reload would end the recording), the call screen to show the offer.
 */
export function offersMessage(state: RootState, capabilities: Capabilities): boolean {
  const call = selectCall(state);
  return (
    callStage(call) === 'no-answer' &&
    call.serverCallId !== null &&
    selectVisitorMessages(state) &&
    capabilities.camera &&
    capabilities.mediaRecorder &&
    capabilities.indexedDb
  );
}
