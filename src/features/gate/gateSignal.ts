import { isAction, type Middleware, type UnknownAction } from '@reduxjs/toolkit';
import type { RootState } from '../../app/rootReducer';
import type { Services } from '../../store/services';
import { isCodeEntryLocked } from '../code-lock/codeLockSlice';
import { isValidEnteredCode, isValidHardwareCode } from '../property/validCodes';
import { codeEntered, hardwareCodeRead, hardwareReadRefused } from './gateActions';
import { selectCodesThatOpen } from './codesThatOpen';

/** Longer than any card format's number: such a read is refused without comparing. */
export const CARD_READ_MAX = 64;
/** Marks a read recorded cut to CARD_READ_MAX characters. */
export const CUT_MARKER = '…';

/** What a typed, scanned or read code decides, judged on the state the code arrived in. */
export interface CodeVerdict {
  /** The code as recorded (a read longer than CARD_READ_MAX cut short and marked). */
  code: string;
  fromHardware: boolean;
  /** Typed or scanned while entry is locked: not even checked. */
  locked: boolean;
  valid: boolean;
  /** The gate's signal, sent as the code arrived (valid codes only). */
  opening: Promise<void> | null;
}

type CodeAction = ReturnType<typeof codeEntered> | ReturnType<typeof hardwareCodeRead> | ReturnType<typeof hardwareReadRefused>;

export const isCodeAction = (action: unknown): action is CodeAction =>
  codeEntered.match(action) || hardwareCodeRead.match(action) || hardwareReadRefused.match(action);

function judge(action: CodeAction, state: RootState, clock: Services['clock']): Omit<CodeVerdict, 'opening'> {
  const validCodes = selectCodesThatOpen(state, clock());
  if (codeEntered.match(action)) {
    const { code } = action.payload;
    // The screens take no codes while entry is locked; one that arrives anyway is not even checked.
    if (isCodeEntryLocked(state.codeLock, clock())) return { code, fromHardware: false, locked: true, valid: false };
    return { code, fromHardware: false, locked: false, valid: isValidEnteredCode(validCodes, code) };
  }
  const read = action.payload;
  const code = read.length > CARD_READ_MAX ? read.slice(0, CARD_READ_MAX) + CUT_MARKER : read;
  const valid = hardwareCodeRead.match(action) && read.length <= CARD_READ_MAX && isValidHardwareCode(validCodes, read);
  return { code, fromHardware: true, locked: false, valid };
}

/** Each code action's verdict, from the middleware to the gate's listener (the same action object reaches both). */
const verdicts = new WeakMap<UnknownAction, CodeVerdict>();

/** The verdict the middleware left for `action`: the gate's listener reports on it. */
export function verdictOf(action: CodeAction): CodeVerdict {
  const verdict = verdicts.get(action);
  if (!verdict) throw new Error(`${action.type} reached the gate without its verdict: is the gate signal middleware in the store?`);
  return verdict;
}

/**
 * The gate's signal in the same call as the code's arrival, before the
 * store's reducers, its subscribers (the screens' render, the stored state)
 * and the listeners see the code: the visitor waits on nothing else.
 * Everything else a code causes (sound, notification, the access request,
 * the code lock's count) is the gate's listener's, after.
 */
export function createGateSignalMiddleware(services: Pick<Services, 'hardware' | 'clock'>): Middleware<object, RootState> {
  return (api) => (next) => (action) => {
    if (isAction(action) && isCodeAction(action)) {
      const verdict = judge(action, api.getState(), services.clock);
      const opening = verdict.valid ? services.hardware.openGate(verdict.code) : null;
      verdicts.set(action, { ...verdict, opening });
    }
    return next(action);
  };
}
