import { readConfig } from './readConfig';

describe('build-time configuration', () => {
  it("defaults to the local simulator's settings", () => {
    expect(readConfig({}, '1.0.0')).toMatchObject({
      apiUrl: 'http://127.0.0.1:8787',
      pusher: { key: 'kiosk-local', cluster: 'mt1', host: '127.0.0.1', port: 8787, forceTLS: false },
      hardwareSocketUrl: 'ws://127.0.0.1:8787/hardware',
      videoApiUrl: 'http://127.0.0.1:8787/video-provider',
      videoApiKey: 'local-video-key',
      appEnv: 'production',
      callProviders: 'live',
    });
  });

  it('the video provider key: the simulator\'s when unset, none when explicitly empty (docs/security.md)', () => {
    expect(readConfig({ VITE_VIDEO_API_KEY: 'live-key' }, '1.0.0').videoApiKey).toBe('live-key');
    expect(readConfig({ VITE_VIDEO_API_KEY: '' }, '1.0.0').videoApiKey).toBeNull();
    expect(readConfig({ VITE_VIDEO_API_KEY: '  ' }, '1.0.0').videoApiKey).toBeNull();
  });

  it("the SIP client's gateway: the SDK's own unless a ws:// or wss:// URL is given", () => {
    expect(readConfig({}, '1.0.0').telnyxRtcHost).toBeNull();
    expect(readConfig({ VITE_TELNYX_RTC_HOST: '' }, '1.0.0').telnyxRtcHost).toBeNull();
    expect(readConfig({ VITE_TELNYX_RTC_HOST: ' ws://127.0.0.1:8787/telnyx-rtc ' }, '1.0.0').telnyxRtcHost).toBe('ws://127.0.0.1:8787/telnyx-rtc');
    expect(readConfig({ VITE_TELNYX_RTC_HOST: 'wss://rtc.example.com' }, '1.0.0').telnyxRtcHost).toBe('wss://rtc.example.com');
    for (const bad of ['http://127.0.0.1:8787', 'rtc.example.com', 'ws://', 'ws:// x']) {
      expect(readConfig({ VITE_TELNYX_RTC_HOST: bad }, '1.0.0').telnyxRtcHost).toBeNull();
    }
  });

  it('reads every variable, trims trailing slashes and rejects bad values', () => {
    const config = readConfig({
      VITE_API_URL: 'https://api.example.com/',
      VITE_PUSHER_HOST: '',
      VITE_PUSHER_PORT: 'abc',
      VITE_PUSHER_FORCE_TLS: 'true',
      VITE_APP_ENV: 'development',
      VITE_CALL_PROVIDERS: 'simulator',
    }, '1.0.0');
    expect(config.apiUrl).toBe('https://api.example.com');
    expect(config.pusher).toMatchObject({ host: '', port: 8787, forceTLS: true });
    expect(config.appEnv).toBe('development');
    expect(config.callProviders).toBe('simulator');
    expect(readConfig({ VITE_CALL_PROVIDERS: 'nonsense', VITE_APP_ENV: 'staging' }, '1.0.0')).toMatchObject({
      callProviders: 'live',
      appEnv: 'production',
    });
  });

  it('code guessing: at most 5 refused codes a minute, 30 an hour, 100 a day; locks of 30 s doubling up to 900 s; 0 turns each off', () => {
    expect(readConfig({}, '1.0.0').codeLock).toEqual({
      burst: { attempts: 5, windowMs: 60000 },
      budgets: [
        { attempts: 30, windowMs: 3600000 },
        { attempts: 100, windowMs: 86400000 },
      ],
      lockMs: 30000,
      maxLockMs: 900000,
    });
    const custom = readConfig(
      { VITE_CODE_LOCK_ATTEMPTS: '3', VITE_CODE_LOCK_WINDOW_SECONDS: '120', VITE_CODE_LOCK_PER_HOUR: '0', VITE_CODE_LOCK_PER_DAY: '50', VITE_CODE_LOCK_SECONDS: '0', VITE_CODE_LOCK_MAX_SECONDS: '0' },
      '1.0.0',
    ).codeLock;
    expect(custom).toEqual({
      burst: { attempts: 3, windowMs: 120000 },
      budgets: [
        { attempts: 0, windowMs: 3600000 },
        { attempts: 50, windowMs: 86400000 },
      ],
      lockMs: 0,
      maxLockMs: 0,
    });
    const garbled = readConfig({ VITE_CODE_LOCK_ATTEMPTS: '-2', VITE_CODE_LOCK_SECONDS: 'soon', VITE_CODE_LOCK_PER_DAY: '1e3' }, '1.0.0').codeLock;
    expect([garbled.burst, ...garbled.budgets].map((budget) => budget.attempts)).toEqual([5, 30, 100]);
    expect(garbled.lockMs).toBe(30000);
  });

  it('reloads after every notification unless a development build is told not to (the memory benchmark)', () => {
    const off = { VITE_TEST_NO_RELOAD_AFTER_NOTIFICATION: 'true' };
    expect(readConfig({}, '1.0.0').reloadAfterNotification).toBe(true);
    expect(readConfig(off, '1.0.0').reloadAfterNotification).toBe(true);
    expect(readConfig({ ...off, VITE_APP_ENV: 'production' }, '1.0.0').reloadAfterNotification).toBe(true);
    expect(readConfig({ ...off, VITE_APP_ENV: 'development' }, '1.0.0').reloadAfterNotification).toBe(false);
  });

  it('names the service worker of a production build only: development builds have none', () => {
    expect(readConfig({ PROD: true, BASE_URL: '/' }, '1.0.0').serviceWorkerUrl).toBe('/sw.js');
    expect(readConfig({ PROD: false, DEV: true, BASE_URL: '/' }, '1.0.0').serviceWorkerUrl).toBeNull();
  });
});
