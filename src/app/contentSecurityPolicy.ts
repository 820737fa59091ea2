import type { AppConfig } from '../config/readConfig';

/**
 * What the live call providers reach on their own (read from the SDKs): Twilio's
 * voice signalling (voice-js.<edge>.twilio.com) and its call-quality events,
 * Telnyx's SIP gateway (rtc.telnyx.com, or <region>.rtc.telnyx.com; the
 * client posts its call reports to the same host over https when the gateway
 * asks for them) and video rooms (video.telnyx.com). The simulator twins
 * reach none of them.
 */
const LIVE_CALL_SOURCES = [
  'wss://*.twilio.com',
  'https://*.twilio.com',
  'wss://rtc.telnyx.com',
  'wss://*.rtc.telnyx.com',
  'https://rtc.telnyx.com',
  'https://*.rtc.telnyx.com',
  'wss://video.telnyx.com',
];

type PolicyInput = Pick<AppConfig, 'apiUrl' | 'pusher' | 'hardwareSocketUrl' | 'videoApiUrl' | 'videoApiKey' | 'callProviders' | 'telnyxRtcHost'>;

/** The origin of a configured URL (scheme, host and port only: CSP sources match no paths here). */
function origin(url: string): string {
  return new URL(url).origin;
}

/** Where pusher-js connects: the self-hosted server, or the cluster's service (its WebSocket and HTTP fallbacks). */
function pusherSources({ host, port, cluster, forceTLS }: AppConfig['pusher']): string[] {
  // On an https page pusher-js always uses TLS, whatever forceTLS says.
  const schemes = forceTLS ? ['wss'] : ['ws', 'wss'];
  if (host) return schemes.map((scheme) => `${scheme}://${host}:${port}`);
  const http = forceTLS ? ['https'] : ['http', 'https'];
  return [...schemes.map((scheme) => `${scheme}://ws-${cluster}.pusher.com`), ...http.map((scheme) => `${scheme}://sockjs-${cluster}.pusher.com`)];
}

/**
 * The kiosk's Content-Security-Policy, from its configured origins: scripts,
 * styles and workers from its own origin only (no inline script, no eval of
 * JavaScript; WebAssembly may be compiled, for the QR reader),
 * connections to the back end, the Pusher server, the hardware socket, the
 * SIP client's configured gateway and the video provider (only in a build with its key: without, the kiosk never asks it), camera and call media from blob: and mediastream:, snapshots
 * as data: images. `frame-ancestors` only works in a header (a meta tag ignores
 * it and says so in the console), so it is added with `{ header: true }`.
 */
export function contentSecurityPolicy(config: PolicyInput, { header = false }: { header?: boolean } = {}): string {
  const connect = new Set([
    "'self'",
    origin(config.apiUrl),
    ...pusherSources(config.pusher),
    origin(config.hardwareSocketUrl),
    ...(config.videoApiKey === null ? [] : [origin(config.videoApiUrl)]),
    ...(config.callProviders === 'live' ? LIVE_CALL_SOURCES : []),
    ...(config.callProviders === 'live' && config.telnyxRtcHost !== null ? [origin(config.telnyxRtcHost)] : []),
  ]);
  const directives: Array<[string, ...string[]]> = [
    ['default-src', "'self'"],
    // WebAssembly compiled from the kiosk's own file (the QR reader); no eval of JavaScript.
    ['script-src', "'self'", "'wasm-unsafe-eval'"],
    ['style-src', "'self'"],
    ['img-src', "'self'", 'data:', 'blob:'],
    ['media-src', "'self'", 'blob:', 'mediastream:'],
    ['connect-src', ...connect],
    // The QR decoder, and a service worker: both from the kiosk's own origin.
    ['worker-src', "'self'"],
    ['frame-src', "'none'"],
    ['object-src', "'none'"],
    ['base-uri', "'none'"],
    ['form-action', "'self'"],
    ...(header ? [['frame-ancestors', "'none'"] as [string, string]] : []),
  ];
  return directives.map((directive) => directive.join(' ')).join('; ');
}
