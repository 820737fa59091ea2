import { useEffect, useState } from 'react';
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
import { initialDigits } from './codeEntry';
import { CodeEntryView } from './CodeEntryView';

export function EnterCodeScreen() {
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const params = useSearchParams();
  const lockSeconds = useCodeLockSeconds();
  // A digit that opened this screen during a lock is not kept either.
  const [digits, setDigits] = useState(() => (lockSeconds > 0 ? '' : initialDigits(params.get('initialCode'))));
  // Set by the fifth digit: the code's outcome is being shown.
  const [leaving, setLeaving] = useState(false);
  const { model } = useDevice();
  const layers = useScreenLayers();
  useSpokenPrompt(prompts.enterCode(model));
  // Home is kept under code entry: BACK makes code entry transparent over it, and React follows after the frame.
  const goHome = () => layers.leaveToHome();
  // The fifth digit's frame shows its slot filled; the outcome's notification, which covers the whole screen,
  // is drawn in the frame after it (verdictListeners.ts), and home renders under it in the task after that
  // frame, which resets the entry by taking code entry away.
  useEffect(() => {
    if (!leaving) return undefined;
    let cancel = afterNextFrame(() => (cancel = afterNextFrame(() => navigate('/'))));
    return () => cancel();
  }, [leaving, navigate]);

  useIdleTimeout(() => navigate('/'));

  const addDigit = (digit: Digit) => {
    if (lockSeconds > 0 || leaving) return;
    const code = digits + digit;
    setDigits(code);
    if (code.length < ACCESS_CODE_LENGTH) return;
    setLeaving(true);
    dispatch(codeEntered({ code, source: 'keypad' }));
  };

  useButtons((button) => {
    if (layers.takeOverFirst()) return;
    if (isDigit(button)) addDigit(button);
    else if (button === 'BACK') goHome();
  });

  return <CodeEntryView digits={digits} lockSeconds={lockSeconds} onDigit={addDigit} onCancel={goHome} />;
}
