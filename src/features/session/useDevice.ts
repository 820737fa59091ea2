import { useAppSelector } from '../../store/hooks';
import type { Translate } from '../../strings/catalogue';
import { BUTTON_LABELS, isTouch, type ButtonLabels, type PanelModel } from './models';
import { selectModel } from './sessionSlice';
import { useStrings } from './useStrings';

export interface DeviceUi {
  model: PanelModel;
  touch: boolean;
  /** Null on TOUCH, which has no hardware buttons. */
  labels: ButtonLabels | null;
  /** The panel language's strings. */
  t: Translate;
  /** 'Press <back label> to cancel' on button panels, '◀ CANCEL' on TOUCH. */
  cancel: string;
}

/** The panel model's button labels, and the strings in the panel's language. */
export function useDevice(): DeviceUi {
  const model = useAppSelector(selectModel);
  const t = useStrings();
  const labels = isTouch(model) ? null : BUTTON_LABELS[model];
  return {
    model,
    touch: labels === null,
    labels,
    t,
    cancel: labels ? t('cancel.buttons', { back: labels.back }) : t('cancel.touch'),
  };
}
