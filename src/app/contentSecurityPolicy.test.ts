import { contentSecurityPolicy } from './contentSecurityPolicy';
import { readConfig } from '../config/readConfig';

/** The policy as a map of directive -> sources. */
function directives(policy: string): Record<string, string[]> {
  return Object.fromEntries(policy.split('; ').map((directive) => {
    const [name, ...sources] = directive.split(' ');
    return [name as string, sources];
  }));
}

const production = readConfig(
  {
    VITE_API_URL: 'https://api.gates.example/',
    VITE_PUSHER_HOST: '',
    VITE_PUSHER_CLUSTER: 'eu',
    VITE_PUSHER_FORCE_TLS: 'true',
    VITE_HARDWARE_SOCKET_URL: 'ws://127.0.0.1:9000/rpc',
    VITE_VIDEO_API_URL: 'https://api.telnyx.com',
    VITE_CALL_PROVIDERS: 'live',
  },
  '1.0.0',
);

describe('Content-Security-Policy', () => {
  it('allows scripts, styles and workers from the kiosk only: no inline script, no eval (WebAssembly, for the QR reader, may compile)', () => {
    const policy = directives(contentSecurityPolicy(production));
    expect(policy['script-src']).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    expect(policy['style-src']).toEqual(["'self'"]);
    expect(policy['worker-src']).toEqual(["'self'"]);
    expect(policy['default-src']).toEqual(["'self'"]);
    expect(policy['object-src']).toEqual(["'none'"]);
    expect(policy['base-uri']).toEqual(["'none'"]);
    expect(policy['form-action']).toEqual(["'self'"]);
    expect(JSON.stringify(policy)).not.toMatch(/unsafe-inline|'unsafe-eval'|'unsafe-hashes'|\*'/);
  });

  it('lets camera and call media play from blob: and mediastream:, and snapshots show as data: images', () => {
    const policy = directives(contentSecurityPolicy(production));
    expect(policy['media-src']).toEqual(["'self'", 'blob:', 'mediastream:']);
    expect(policy['img-src']).toEqual(["'self'", 'data:', 'blob:']);
  });

  it('connects to the configured origins (paths dropped), the Pusher cluster, and the live call providers', () => {
    expect(directives(contentSecurityPolicy(production))['connect-src']).toEqual([
      "'self'",
      'https://api.gates.example',
      'wss://ws-eu.pusher.com',
      'https://sockjs-eu.pusher.com',
      'ws://127.0.0.1:9000',
      'https://api.telnyx.com',
      'wss://*.twilio.com',
      'https://*.twilio.com',
      'wss://rtc.telnyx.com',
      'wss://*.rtc.telnyx.com',
      'https://rtc.telnyx.com',
      'https://*.rtc.telnyx.com',
      'wss://video.telnyx.com',
    ]);
  });

  it("a build without the video provider's key does not connect to the provider's API", () => {
    const withoutKey = readConfig({ VITE_VIDEO_API_URL: 'https://api.telnyx.com', VITE_VIDEO_API_KEY: '', VITE_CALL_PROVIDERS: 'live' }, '1.0.0');
    expect(directives(contentSecurityPolicy(withoutKey))['connect-src']).not.toContain('https://api.telnyx.com');
    expect(directives(contentSecurityPolicy(production))['connect-src']).toContain('https://api.telnyx.com');
  });

  it("a live build with its own SIP gateway connects to that gateway's origin too", () => {
    const twin = readConfig({ VITE_CALL_PROVIDERS: 'live', VITE_API_URL: 'https://api.gates.example', VITE_PUSHER_HOST: '', VITE_TELNYX_RTC_HOST: 'ws://127.0.0.1:9100/telnyx-rtc' }, '1.0.0');
    expect(directives(contentSecurityPolicy(twin))['connect-src']).toContain('ws://127.0.0.1:9100');
    const simulator = readConfig({ VITE_CALL_PROVIDERS: 'simulator', VITE_TELNYX_RTC_HOST: 'ws://127.0.0.1:9100/telnyx-rtc' }, '1.0.0');
    expect(directives(contentSecurityPolicy(simulator))['connect-src']).not.toContain('ws://127.0.0.1:9100');
  });

  it('against the simulator: its one origin over http, ws and wss, and no vendor hosts', () => {
    const simulator = readConfig({ VITE_CALL_PROVIDERS: 'simulator' }, '1.0.0');
    expect(directives(contentSecurityPolicy(simulator))['connect-src']).toEqual([
      "'self'",
      'http://127.0.0.1:8787',
      'ws://127.0.0.1:8787',
      'wss://127.0.0.1:8787',
    ]);
  });

  it('adds frame-ancestors only to the header form (a meta tag cannot carry it)', () => {
    expect(directives(contentSecurityPolicy(production))['frame-ancestors']).toBeUndefined();
    expect(directives(contentSecurityPolicy(production, { header: true }))['frame-ancestors']).toEqual(["'none'"]);
  });
});
