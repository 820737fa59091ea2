import { readConfig } from './config';

describe('build-time configuration', () => {
  it("defaults to the local simulator's settings", () => {
    expect(readConfig({})).toMatchObject({
      apiUrl: 'http://127.0.0.1:8787',
      pusher: { key: 'kiosk-local', cluster: 'mt1', host: '127.0.0.1', port: 8787, forceTLS: false },
      hardwareSocketUrl: 'ws://127.0.0.1:8787/hardware',
      videoApiUrl: 'http://127.0.0.1:8787/video-provider',
      videoApiKey: 'local-video-key',
      appEnv: 'production',
      callProviders: 'live',
    });
  });

  it('reads every variable, trims trailing slashes and rejects bad values', () => {
    const config = readConfig({
      VITE_API_URL: 'https://api.example.com/',
      VITE_PUSHER_HOST: '',
      VITE_PUSHER_PORT: 'abc',
      VITE_PUSHER_FORCE_TLS: 'true',
      VITE_APP_ENV: 'development',
      VITE_CALL_PROVIDERS: 'simulator',
    });
    expect(config.apiUrl).toBe('https://api.example.com');
    expect(config.pusher).toMatchObject({ host: '', port: 8787, forceTLS: true });
    expect(config.appEnv).toBe('development');
    expect(config.callProviders).toBe('simulator');
    expect(readConfig({ VITE_CALL_PROVIDERS: 'nonsense', VITE_APP_ENV: 'staging' })).toMatchObject({
      callProviders: 'live',
      appEnv: 'production',
    });
  });

  it('reloads after every notification unless a development build is told not to (the memory benchmark)', () => {
    const off = { VITE_TEST_NO_RELOAD_AFTER_NOTIFICATION: 'true' };
    expect(readConfig({}).reloadAfterNotification).toBe(true);
    expect(readConfig(off).reloadAfterNotification).toBe(true);
    expect(readConfig({ ...off, VITE_APP_ENV: 'production' }).reloadAfterNotification).toBe(true);
    expect(readConfig({ ...off, VITE_APP_ENV: 'development' }).reloadAfterNotification).toBe(false);
  });

  it('names the service worker of a production build only: development builds have none', () => {
    expect(readConfig({ PROD: true, BASE_URL: '/' }).serviceWorkerUrl).toBe('/sw.js');
    expect(readConfig({ PROD: false, DEV: true, BASE_URL: '/' }).serviceWorkerUrl).toBeNull();
  });
});
