import { useSyncExternalStore } from 'react';
import { useServices } from '../../store/servicesContext';
import type { CallStreams } from '../../services/call/callStreams';

/** The current call's local and remote streams; re-renders when the workflow changes them. */
export function useCallStreams(): CallStreams {
  const { streams } = useServices().call;
  return useSyncExternalStore(streams.subscribe, streams.get);
}
