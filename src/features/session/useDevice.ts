import { useAppSelector } from '../../app/hooks';
import { BUTTON_LABELS, deviceStrings, type ButtonLabels, type DeviceStrings, type PanelModel } from './models';
import { selectModel } from './sessionSlice';

export interface DeviceUi {
  model: PanelModel;
  touch: boolean;
  /** Null on TOUCH, which has no hardware buttons. */
  labels: ButtonLabels | null;
  strings: DeviceStrings;
}

/** The panel model's button labels and strings. */
export function useDevice(): DeviceUi {
  const model = useAppSelector(selectModel);
  return {
    model,
    touch: model === 'TOUCH',
    labels: model === 'TOUCH' ? null : BUTTON_LABELS[model],
    strings: deviceStrings(model),
  };
}
