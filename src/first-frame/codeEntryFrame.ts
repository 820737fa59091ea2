import { codeSlots, slotClass } from '../components/slots';
import { ACCESS_CODE_LENGTH } from '../features/property/validCodes';
import type { Button, Digit } from '../services/input/buttons';
import { isRecord } from '../services/json';
import type { StoredKey } from '../app/persistence/storedParts';
import { codeEntryFromHome } from '../features/home-links/homeLinks';
import { storedLock } from '../features/code-lock/storedLock';
import { storedNotifications } from '../features/notifications/storedNotifications';
import { format } from '../strings/format';
import type { StartingHome } from './firstFrame';
import { element } from './element';
import { storedItem } from './storedParts';

/** Nothing stored of `part`, or a stored state that `clear` passes: anything else is not certain. */
function clearOf(storage: Storage, part: StoredKey, clear: (state: unknown) => boolean): boolean {
  const envelope = storedItem(storage, part);
  return envelope === null || (isRecord(envelope) && clear(envelope.state));
}

/**
 * Whether home opens code entry with this digit typed, as HomeScreen decides
 * once the kiosk has started (codeEntryFromHome), on a button panel: TOUCH's
 * code entry has a keypad, which this frame does not draw. The notifications
 * and the lock are read as their stored parts read them; anything uncertain
 * counts as a notification showing, or codes locked: the kiosk decides then.
 * A stored lock counts as locked: only the kiosk's clock tells it is over.
 */
export function opensCodeEntry(storage: Storage, home: StartingHome, button: Button): button is Digit {
  if (home.labels === null) return false;
  const entry = codeEntryFromHome(button, {
    device: home.device,
    notificationShowing: !clearOf(storage, 'notifications', (state) => storedNotifications(state)?.length === 0),
    codesLocked: !clearOf(storage, 'codeLock', (state) => storedLock(state) === null),
  });
  return entry?.typed === button;
}

/** Code entry on a button panel with one digit typed, in CodeEntryView's markup: the kiosk's first render shows the same. */
export function codeEntryFrame(doc: Document, { strings, labels }: StartingHome, digit: Digit): HTMLElement {
  const slots = codeSlots(digit, ACCESS_CODE_LENGTH).map((slot, index) => element(doc, 'span', { class: slotClass(index, digit.length) }, [slot]));
  const cancel = format(strings.cancel, { back: labels?.back ?? '' });
  return element(doc, 'main', { class: 'screen enter-code' }, [
    element(doc, 'h1', {}, [strings.codeTitle]),
    element(doc, 'div', { class: 'code-slots', role: 'status', 'aria-label': strings.codeEntered }, slots),
    element(doc, 'footer', { class: 'screen-footer' }, [element(doc, 'button', { type: 'button', class: 'cancel' }, [cancel])]),
  ]);
}
