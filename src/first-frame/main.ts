/** The first frame's script (index.html loads it after the root, before the bundle runs); the build writes its settings in. */
import { paintFirstFrame, type FirstFrameSettings } from './firstFrame';

declare const __FIRST_FRAME_SETTINGS__: FirstFrameSettings;

paintFirstFrame(window, __FIRST_FRAME_SETTINGS__);
