/**
 * The resident a SPACE press on home calls, to test the call path on site; who
 * it is is not shown. Apart from callTarget.ts, so that home does not bring
 * the call's own code into the first screen's files.
 */
export const TEST_CALL_RESIDENT = 'test';
