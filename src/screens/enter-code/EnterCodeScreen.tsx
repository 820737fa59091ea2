import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from '../../hooks/pageAddress';
import { useAppDispatch } from '../../store/hooks';
import { useCodeLockSeconds } from '../../features/code-lock/useCodeLock';
import { codeEntered } from '../../features/gate/gateActions';
import { useButtons } from '../../features/input/useButtons';
import { useIdleTimeout } from '../../features/input/useIdleTimeout';
import { ACCESS_CODE_LENGTH } from '../../features/property/validCodes';
import { useDevice } from '../../features/session/useDevice';
import { prompts } from '../../features/speech/prompts';
import { useSpokenPrompt } from '../../features/speech/useSpokenPrompt';
import { isDigit, type Digit } from '../../services/input/buttons';
import { afterNextFrame } from '../../lib/afterFirstScreen';
import { useScreenLayers } from '../../hooks/screenLayers';
import { enteredDigits, initialDigits } from './codeEntry';
import { CodeEntryView } from './CodeEntryView';

export function EnterCodeScreen() {
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const params = useSearchParams();
  const lockSeconds = useCodeLockSeconds();
  // A digit that opened this screen during a lock is not kept either.
  const [digits] = useState(() => enteredDigits(lockSeconds > 0 ? '' : initialDigits(params.get('initialCode'))));
  // Set by the fifth digit: what cancels the way home while the code's outcome is shown.
  const leaving = useRef<(() => void) | null>(null);
  useEffect(() => () => leaving.current?.(), []);
  const { model } = useDevice();
  const layers = useScreenLayers();
  useSpokenPrompt(prompts.enterCode(model));
  // Home is kept under code entry: BACK makes code entry transparent over it, and React follows after the frame.
  const goHome = () => layers.leaveToHome();
  useIdleTimeout(() => navigate('/'));

  const addDigit = (digit: Digit) => {
    if (lockSeconds > 0 || leaving.current) return;
    const code = digits.get() + digit;
    digits.set(code);
    if (code.length < ACCESS_CODE_LENGTH) return;
    dispatch(codeEntered({ code, source: 'keypad' }));
    // The fifth digit's frame shows its slot filled; the outcome's notification, which covers the whole screen,
    // is drawn in the frame after it (verdictListeners.ts), and home renders under it in the task after that
    // frame, which resets the entry by taking code entry away.
    leaving.current = afterNextFrame(() => (leaving.current = afterNextFrame(() => navigate('/'))));
  };

  useButtons((button) => {
    if (layers.takeOverFirst()) return;
    if (isDigit(button)) addDigit(button);
    else if (button === 'BACK') goHome();
  });

  return <CodeEntryView digits={digits} lockSeconds={lockSeconds} onDigit={addDigit} onCancel={goHome} />;
}
