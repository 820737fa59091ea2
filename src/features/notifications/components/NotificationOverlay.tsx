import { useAppSelector } from '../../../store/hooks';
import { noticeKeyOf, type Translate } from '../../../strings/catalogue';
import { useStrings } from '../../session/useStrings';
import { selectCurrentNotification } from '../notificationsSlice';

/** A notification's text in the panel's language: notifications carry the catalogue's English (docs/rules.md#r2-9-1). */
const inLanguage = (t: Translate, text: string): string => {
  const key = noticeKeyOf(text);
  return key ? t(key) : text;
};

/** Covers the screen with the first queued notification: black for errors, green otherwise. */
export function NotificationOverlay() {
  const notification = useAppSelector(selectCurrentNotification);
  const t = useStrings();
  if (!notification) return null;
  const title = inLanguage(t, notification.title);
  return (
    <div
      className={notification.status === 'ERROR' ? 'notification notification-error' : 'notification notification-ok'}
      role="alertdialog"
      aria-live="assertive"
      aria-label={title}
    >
      <h1 className="notification-title">{title}</h1>
      {notification.body ? <p className="notification-body">{inLanguage(t, notification.body)}</p> : null}
    </div>
  );
}
