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

/** Every model's arrows, with its own back and go. No object spread: the first frame's ES5 script reads these too. */
const labels = (back: string, go: string): ButtonLabels => ({ up: '▲', down: '▼', back, go });

export const BUTTON_LABELS: Record<Exclude<PanelModel, 'TOUCH'>, ButtonLabels> = {
  DEFAULT: labels('BACK', 'GO'),
  GEN1: labels('Esc', 'Enter'),
  GEN2: labels('Back', 'Enter'),
  GEN3: labels('*', '#'),
};

/** TOUCH panels have a touch screen and no hardware buttons. */
export const isTouch = (model: PanelModel): model is 'TOUCH' => model === 'TOUCH';
