import { createAction } from '@reduxjs/toolkit';

/** A visitor typed or scanned a code (compared as a 5-digit string). */
export const codeEntered = createAction<{ code: string; source: 'keypad' | 'qr' }>('gate/codeEntered');
/** The panel's reader reported a card or code (compared by numeric value). */
export const hardwareCodeRead = createAction<string>('gate/hardwareCodeRead');
/** The panel's reader reported something that is not a code: a refused read (the payload says what came). */
export const hardwareReadRefused = createAction<string>('gate/hardwareReadRefused');
/** Open the gate with this code (null: nobody's code is known, which is an error). */
export const gateOpenRequested = createAction<string | null>('gate/openRequested');
/** A called resident or manager approved the visitor: open with their code (null: they have none, which is an error). */
export const callApprovalReceived = createAction<string | null>('gate/callApprovalReceived');
/** The panel took the gate's signal (wiegand, or the relay). */
export const gateSignalled = createAction('gate/signalled');
/** The panel could not be signalled: the payload says why, as the hardware socket put it (unscrubbed). */
export const gateSignalFailed = createAction<string>('gate/signalFailed');
/**
 * A typed, scanned or read code, judged on the state it arrived in
 * (gateSignal.ts): granted (its signal has left: the hardware service holds
 * the opening), refused, or typed or scanned while entry is locked (not even
 * checked). `code` is as recorded: a read longer than 64 characters cut short.
 */
export const codeJudged = createAction<{ code: string; from: 'keypad' | 'qr' | 'reader'; verdict: 'granted' | 'refused' | 'locked' }>('gate/codeJudged');
