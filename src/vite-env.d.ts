/// <reference types="vite/client" />
declare const __APP_VERSION__: string;

/** The configuration the build read (vite.config.ts, `kioskConfig`). */
declare module 'virtual:kiosk-config' {
  export const config: import('./config/readConfig').AppConfig;
}
