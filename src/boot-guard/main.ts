/** The boot guard's script (index.html loads it before the bundle); the build writes its settings in. */
import { startBootGuard } from './bootGuard';

declare const __BOOT_REPORT_SCRIPT__: string;
declare const __BOOT_GUARD_TITLE__: string;

startBootGuard(window, { reportScript: __BOOT_REPORT_SCRIPT__, title: __BOOT_GUARD_TITLE__ });
