/** The first frame's script (index.html loads it after the root, before the bundle runs); the build writes its settings in. */
import { claimPanelEarly } from '../app/panelClaim';
import { paintFirstFrame, type FirstFrameSettings } from './firstFrame';

declare const __FIRST_FRAME_SETTINGS__: FirstFrameSettings;

paintFirstFrame(window, __FIRST_FRAME_SETTINGS__);
try {
  // The kiosk lock and the database read, while the bundle loads.
  claimPanelEarly(window);
} catch {
  // No storage to hand (a browser that refuses it): the bundle claims the panel itself, as it would without this script.
}
