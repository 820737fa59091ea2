import { useMemo } from 'react';
import type { CallTargetRef } from '../../features/call/callEvents';
import { selectIsOnline } from '../../features/connectivity/connectivitySlice';
import { homeLinks } from '../../features/home-links/homeLinks';
import { selectDevice } from '../../features/property/selectors';
import { selectPropertyData } from '../../features/property/propertySlice';
import { useDevice } from '../../features/session/useDevice';
import { useScreenStrings } from '../../features/session/useScreenStrings';
import { useAppSelector } from '../../store/hooks';
import type { MessageFor } from './VisitorMessage';

/**
 * What the message screen says to whom, for a call nobody answered that
 * offers one (`serverCallId` set), else null. The manager and the hidden
 * test resident are named as '{name} did not answer' names them.
 */
export function useMessageFor(target: CallTargetRef, residentName: string | null, serverCallId: string | null): MessageFor | null {
  const { t } = useDevice();
  const ts = useScreenStrings();
  const device = useAppSelector(selectDevice);
  const property = useAppSelector(selectPropertyData)?.property ?? null;
  const online = useAppSelector(selectIsOnline);
  // The manager is offered as home offers them: the device allows it, the property has a phone, and the panel is online.
  const manager = target.kind === 'resident' && homeLinks(device, property, online).callManager;
  return useMemo(() => {
    if (serverCallId === null) return null;
    if (target.kind === 'resident' && residentName) {
      return { callId: serverCallId, title: t('notice.noAnswer', { name: residentName }), consent: ts('message.consent', { name: residentName }), residentName, manager };
    }
    const isManager = target.kind === 'manager';
    return {
      callId: serverCallId,
      title: t(isManager ? 'notice.noAnswerManager' : 'notice.noAnswerSomeone'),
      consent: ts(isManager ? 'message.consentManager' : 'message.consentSomeone'),
      residentName: isManager ? 'the manager' : 'the resident',
      manager,
    };
  }, [serverCallId, target.kind, residentName, t, ts, manager]);
}
