import { useSyncExternalStore } from 'react';
import { CancelButton } from '../../components/CancelButton';
import { CodeSlots } from '../../components/CodeSlots';
import { Keypad } from '../../components/Keypad';
import { CodeLockNotice } from '../../features/code-lock/components/CodeLockNotice';
import { ACCESS_CODE_LENGTH } from '../../features/property/validCodes';
import { useDevice } from '../../features/session/useDevice';
import type { Digit } from '../../services/input/buttons';
import { LockOffers } from '../code-lock/LockOffers';
import type { EnteredDigits } from './codeEntry';

interface Props {
  digits: EnteredDigits;
  /** Above 0 the slots give way to why codes are not taken. */
  lockSeconds: number;
  onDigit: (digit: Digit) => void;
  onCancel: () => void;
}

/** Code entry as the visitor sees it: the title, the slots, the keypad on TOUCH and the way out. */
export function CodeEntryView({ digits, lockSeconds, onDigit, onCancel }: Props) {
  const { t, touch, cancel } = useDevice();
  return (
    <main className={touch ? 'screen enter-code enter-code-touch' : 'screen enter-code'}>
      <h1>{t('code.title')}</h1>
      {lockSeconds > 0 ? (
        <CodeLockNotice seconds={lockSeconds}>
          <LockOffers />
        </CodeLockNotice>
      ) : (
        <EnteredSlots digits={digits} label={t('code.entered')} />
      )}
      {touch && <Keypad onDigit={onDigit} disabled={lockSeconds > 0} />}
      <footer className="screen-footer">
        <CancelButton label={cancel} touch={touch} onCancel={onCancel} />
      </footer>
    </main>
  );
}

/** The slots, rendered again alone as a digit is typed. */
function EnteredSlots({ digits, label }: { digits: EnteredDigits; label: string }) {
  const typed = useSyncExternalStore(digits.subscribe, digits.get);
  return <CodeSlots digits={typed} length={ACCESS_CODE_LENGTH} label={label} />;
}
