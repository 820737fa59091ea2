import { useAppSelector } from '../../store/hooks';
import { screenStrings } from '../../strings/screenStrings';
import { selectDeviceSettings } from './deviceSettings';

/** The lazy screens' own strings (directory, QR scan, call) in the panel's language. */
export function useScreenStrings() {
  return screenStrings(useAppSelector(selectDeviceSettings).language);
}
