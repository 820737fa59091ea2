import { useAppSelector } from '../../../app/hooks';
import { selectCurrentNotification } from '../notificationsSlice';

/** Covers the screen with the first queued notification: black for errors, green otherwise. */
export function NotificationOverlay() {
  const notification = useAppSelector(selectCurrentNotification);
  if (!notification) return null;
  return (
    <div
      className={notification.status === 'ERROR' ? 'notification notification-error' : 'notification notification-ok'}
      role="alertdialog"
      aria-live="assertive"
      aria-label={notification.title}
    >
      <h1 className="notification-title">{notification.title}</h1>
      {notification.body ? <p className="notification-body">{notification.body}</p> : null}
    </div>
  );
}
