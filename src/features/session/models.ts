export const PANEL_MODELS = ['DEFAULT', 'GEN1', 'GEN2', 'GEN3', 'TOUCH'] as const;
export type PanelModel = (typeof PANEL_MODELS)[number];

/** Reads a model name from outside (query string, storage); unknown values are null. */
export function parseModel(value: unknown): PanelModel | null {
  if (typeof value !== 'string') return null;
  const upper = value.trim().toUpperCase();
  return (PANEL_MODELS as readonly string[]).includes(upper) ? (upper as PanelModel) : null;
}

export interface ButtonLabels {
  up: string;
  down: string;
  back: string;
  go: string;
}

const ARROWS = { up: '▲', down: '▼' };

export const BUTTON_LABELS: Record<Exclude<PanelModel, 'TOUCH'>, ButtonLabels> = {
  DEFAULT: { ...ARROWS, back: 'BACK', go: 'GO' },
  GEN1: { ...ARROWS, back: 'Esc', go: 'Enter' },
  GEN2: { ...ARROWS, back: 'Back', go: 'Enter' },
  GEN3: { ...ARROWS, back: '*', go: '#' },
};

export interface DeviceStrings {
  enterCode: string;
  scanQr: string;
  qrInstructions: string;
  callResidentPrompt: string;
  callResident: string;
  callManager: string;
  cancel: string;
}

const COMMON = {
  enterCode: 'Enter a numeric code',
  scanQr: 'Scan a QR code',
  qrInstructions: 'If you were texted a QR code, pull it up and center it on the camera',
  callResident: 'Call a resident',
  callManager: 'Call a manager',
};

export function deviceStrings(model: PanelModel): DeviceStrings {
  if (model === 'TOUCH') return { ...COMMON, callResidentPrompt: 'Tap a resident to call', cancel: '◀ CANCEL' };
  return {
    ...COMMON,
    callResidentPrompt: 'Enter a number to call a resident',
    cancel: `Press ${BUTTON_LABELS[model].back} to cancel`,
  };
}

export const isTouch = (model: PanelModel): boolean => model === 'TOUCH';

/** Code entry and QR scanning are locked after too many refused codes (not in SPEC.md: worded like its messages). */
export const CODE_LOCKED = 'Too many wrong codes';
/** The lock's countdown. */
export const tryAgainIn = (seconds: number): string => `Try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
