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

/** TOUCH panels have a touch screen and no hardware buttons. */
export const isTouch = (model: PanelModel): model is 'TOUCH' => model === 'TOUCH';
