import { codeSlots, slotClass } from '../components/slots';
import { ACCESS_CODE_LENGTH } from '../features/property/validCodes';
import { isDigit, type Button, type Digit } from '../services/input/buttons';
import { isRecord, type JsonObject } from '../services/json';
import { format } from '../strings/format';
import type { StartingHome } from './firstFrame';
import { element } from './element';
import type { StoredKey } from '../app/persistence/storedParts';
import { storedItem } from './storedParts';

/** Nothing stored of `part`, or a stored state that `clear` passes: anything else is not certain. */
function clearOf(storage: Storage, part: StoredKey, clear: (state: JsonObject) => boolean): boolean {
  const envelope = storedItem(storage, part);
  return envelope === null || (isRecord(envelope) && isRecord(envelope.state) && clear(envelope.state));
}

/**
 * Whether home opens code entry with this digit, as HomeScreen does once the
 * kiosk has started: its link shows (the device's numeric codes), the panel
 * has buttons (TOUCH's code entry has a keypad), no notification covers home
 * and codes are not locked. Where any is uncertain, no: the kiosk decides.
 */
export function opensCodeEntry(storage: Storage, home: StartingHome, button: Button): button is Digit {
  return (
    isDigit(button) &&
    home.device.enable_numeric_codes === true &&
    home.labels !== null &&
    clearOf(storage, 'notifications', (state) => Array.isArray(state.items) && state.items.length === 0) &&
    clearOf(storage, 'codeLock', (state) => state.lock === null)
  );
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
