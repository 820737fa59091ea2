import { isAction, type Middleware } from '@reduxjs/toolkit';
import type { RootState } from '../../store/rootState';
import type { Services } from '../../store/services';
import { isCodeEntryLocked } from '../code-lock/codeLockSlice';
import { isValidEnteredCode, isValidHardwareCode } from '../property/validCodes';
import { codeEntered, codeJudged, hardwareCodeRead, hardwareReadRefused } from './gateActions';
import { selectCodesThatOpen } from './codesThatOpen';

/** Longer than any card format's number: such a read is refused without comparing. */
export const CARD_READ_MAX = 64;
/** Marks a read recorded cut to CARD_READ_MAX characters. */
export const CUT_MARKER = '…';

type CodeAction = ReturnType<typeof codeEntered> | ReturnType<typeof hardwareCodeRead> | ReturnType<typeof hardwareReadRefused>;
type Judged = ReturnType<typeof codeJudged>['payload'];

const isCodeAction = (action: unknown): action is CodeAction => codeEntered.match(action) || hardwareCodeRead.match(action) || hardwareReadRefused.match(action);

function judge(action: CodeAction, state: RootState, clock: Services['clock']): Judged {
  const validCodes = selectCodesThatOpen(state, clock());
  if (codeEntered.match(action)) {
    const { code, source } = action.payload;
    // The screens take no codes while entry is locked; one that arrives anyway is not even checked.
    if (isCodeEntryLocked(state.codeLock, clock())) return { code, from: source, verdict: 'locked' };
    return { code, from: source, verdict: isValidEnteredCode(validCodes, code) ? 'granted' : 'refused' };
  }
  const read = action.payload;
  const code = read.length > CARD_READ_MAX ? read.slice(0, CARD_READ_MAX) + CUT_MARKER : read;
  const valid = hardwareCodeRead.match(action) && read.length <= CARD_READ_MAX && isValidHardwareCode(validCodes, read);
  return { code, from: 'reader', verdict: valid ? 'granted' : 'refused' };
}

/**
 * The gate's signal in the same call as the code's arrival, before the
 * store's reducers, its subscribers (the screens' render, the stored state)
 * and the listeners see it: the visitor waits on nothing else. The code goes
 * on as its verdict, `codeJudged`, alone: no reducer or listener takes the
 * code itself, and one pass through the store in the fifth digit's frame is
 * cheaper than two. Everything else a code causes (sound, notification, the
 * access request, the code lock's count) is the gate's listeners', after;
 * what the last code left for after its frame is done before this one is
 * judged.
 */
export function createGateSignalMiddleware(services: Pick<Services, 'hardware' | 'clock' | 'afterPaint'>): Middleware<object, RootState> {
  return (api) => (next) => (action) => {
    if (!isAction(action) || !isCodeAction(action)) return next(action);
    // The last code's work after its frame first: its guess counts for the code lock this code meets.
    services.afterPaint.flush();
    const judged = judge(action, api.getState(), services.clock);
    // Followed by the verdict's listener, through the hardware service (`opening`).
    if (judged.verdict === 'granted') void services.hardware.openGate(judged.code);
    return api.dispatch(codeJudged(judged));
  };
}
