import { useEffect } from 'react';
import { useAppDispatch } from '../../store/hooks';
import { onlineChanged } from './connectivitySlice';

/** Follows the browser's online and offline events. */
export function useOnlineStatus(): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    const update = () => dispatch(onlineChanged(navigator.onLine));
    update();
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, [dispatch]);
}
