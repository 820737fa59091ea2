import { useEffect } from 'react';
import { whenIdle } from '../../../lib/afterFirstScreen';
import { useAppSelector } from '../../../store/hooks';
import { NoAnswerPictogram } from '../../../components/CallPictograms';
import { noticeOf, prepareNotices, type MessageKey, type Translate } from '../../../strings/catalogue';
import { useStrings } from '../../session/useStrings';
import { selectCurrentNotification } from '../notificationsSlice';

/** A notification's text in the panel's language: notifications carry the catalogue's English (docs/rules.md#r2-9-1). */
const inLanguage = (t: Translate, text: string, notice = noticeOf(text)): string => (notice ? t(notice.key, notice.params) : text);

/** A call nobody answered ends with its pictogram above the words (docs/rules.md#r2-7-7). */
const NO_ANSWER: readonly MessageKey[] = ['notice.noAnswer', 'notice.noAnswerManager', 'notice.noAnswerSomeone'];

/** Covers the screen with the first queued notification: black for errors, green otherwise. */
export function NotificationOverlay() {
  const notification = useAppSelector(selectCurrentNotification);
  const t = useStrings();
  useEffect(() => whenIdle(() => void prepareNotices()), []);
  if (!notification) return null;
  const titleNotice = noticeOf(notification.title);
  const title = inLanguage(t, notification.title, titleNotice);
  return (
    <div
      className={notification.status === 'ERROR' ? 'notification notification-error' : 'notification notification-ok'}
      role="alertdialog"
      aria-live="assertive"
      aria-label={title}
    >
      {titleNotice && NO_ANSWER.includes(titleNotice.key) ? <NoAnswerPictogram label={t('call.pictureNoAnswer')} /> : null}
      <h1 className="notification-title">{title}</h1>
      {notification.body ? <p className="notification-body">{inLanguage(t, notification.body)}</p> : null}
    </div>
  );
}
