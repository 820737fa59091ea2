/** Build-time configuration. The only module that reads import.meta.env. */
import { readConfig, type AppConfig } from './readConfig';

export { readConfig, type AppConfig };

export const config: AppConfig = readConfig(import.meta.env, __APP_VERSION__);
