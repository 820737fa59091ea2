/**
 * Build-time configuration: what readConfig (readConfig.ts) read of the
 * build's `VITE_*` variables, written in by the build (vite.config.ts,
 * `kioskConfig`).
 */
import { config as built } from 'virtual:kiosk-config';
import type { AppConfig } from './readConfig';

export type { AppConfig };

export const config: AppConfig = built;
