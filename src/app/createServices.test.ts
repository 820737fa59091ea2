import { FULL_CAPABILITIES } from '../lib/capabilities';
import { readConfig } from '../config/readConfig';
import { createServices } from './createServices';

const hooks = { getToken: () => 'test-token', getSettings: () => ({ language: 'en' as const, spokenPrompts: false, offlineGuestCodeHours: 168 }), beforeReload: async () => undefined, capabilities: FULL_CAPABILITIES };

describe('createServices', () => {
  // docs/rules.md#r9-3-2: a recent call stops counting after 3,600,000 ms; 10 s in development.
  it.each([
    ['production', 3600000, {}],
    ['development', 10000, { VITE_APP_ENV: 'development' }],
  ])('in %s a recent call counts for %i ms', (_name, windowMs, env) => {
    const services = createServices(readConfig(env, '1.0.0'), hooks);
    expect(services.call.settings.recentCallWindowMs).toBe(windowMs);
    services.hardware.stop();
    services.realtime.disconnect();
  });
});
