// The real `@twilio/voice-sdk` against the simulator's Twilio Voice twin
// (docs/calls.md), without a change to the kiosk's options: its production
// signalling URL is routed in the page and each of its sockets bridged, frame
// for frame, to a socket of the twin (Playwright connects a routed socket to
// its own URL only, so the bridge is made here), and the call-quality
// events it posts to Twilio's Insights gateway are answered here. Nothing
// else may leave the machine: any other request is recorded and refused.
import type { Page, WebSocketRoute } from '@playwright/test';
import WebSocket from 'ws';
import type { Simulator } from './simulator';

/** The SDK's signalling on any edge: `wss://voice-js.<edge>.twilio.com/signal` (regions.js). */
const SIGNALLING = /^wss:\/\/voice-js\.[a-z0-9-]+\.twilio\.com\/signal$/;
/** Insights: `https://eventgw[.<home>].twilio.com/v4/...` (eventpublisher.js, regions.js). */
const INSIGHTS = /^https:\/\/eventgw(\.[a-z0-9-]+)?\.twilio\.com\/v4\//;

export interface TwilioTraffic {
  /** The signalling URLs the SDK opened, in order. */
  signalling: string[];
  /** Where it posted its Insights events. */
  insights: string[];
  /** Any other request for another machine: refused, and should stay empty. */
  elsewhere: string[];
}

/** Call before the kiosk is opened: the routes then cover the SDK's chunk when a call loads it. */
export async function routeTwilioVoice(page: Page, sim: Simulator): Promise<TwilioTraffic> {
  const traffic: TwilioTraffic = { signalling: [], insights: [], elsewhere: [] };
  await page.routeWebSocket(SIGNALLING, (route) => {
    traffic.signalling.push(route.url());
    bridge(route, `${sim.url.replace('http', 'ws')}/twilio-voice`);
  });
  await page.route(
    (url) => url.hostname !== new URL(sim.url).hostname,
    async (route) => {
      const request = route.request();
      if (request.method() === 'POST' && INSIGHTS.test(request.url())) {
        traffic.insights.push(request.url());
        return route.fulfill({ status: 200, headers: { 'Access-Control-Allow-Origin': '*' }, body: '' });
      }
      traffic.elsewhere.push(request.url());
      return route.abort('internetdisconnected');
    },
  );
  return traffic;
}

/**
 * Whether a connect-src list allows `url`: a source of the same scheme whose
 * host is the URL's, or `*.domain` with the URL's host under it (CSP's
 * host-source matching, for the scheme://host sources the kiosk's policy uses).
 */
export function connectSrcAllows(connectSrc: string[], url: string): boolean {
  const { protocol, hostname } = new URL(url);
  return connectSrc.some((source) => {
    const match = /^([a-z]+:)\/\/(\*\.)?([^/:]+)$/.exec(source);
    if (!match || match[1] !== protocol) return false;
    return match[2] ? hostname.endsWith(`.${match[3]}`) : hostname === match[3];
  });
}

/** The page's socket and one to `url`: frames both ways, and either side's close closes the other. */
function bridge(route: WebSocketRoute, url: string): void {
  const twin = new WebSocket(url);
  const early: string[] = [];
  twin.on('open', () => early.splice(0).forEach((frame) => twin.send(frame)));
  twin.on('message', (data) => route.send(data.toString()));
  twin.on('close', () => void route.close().catch(() => undefined));
  twin.on('error', () => twin.terminate());
  route.onMessage((frame) => {
    const text = frame.toString();
    if (twin.readyState === WebSocket.OPEN) twin.send(text);
    else early.push(text);
  });
  route.onClose(() => twin.close());
}

/**
 * Records every media element the page plays (the SDK plays the far end's
 * audio in an element it never attaches to the document). Before the kiosk is opened.
 */
export async function recordPlayedMedia(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const played: HTMLMediaElement[] = [];
    (window as unknown as { __played: HTMLMediaElement[] }).__played = played;
    const play = HTMLMediaElement.prototype.play;
    HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
      played.push(this);
      return play.call(this);
    };
  });
}

/** Whether an element plays a live audio track from a stream (the far end's) and its time moves on. */
export const streamAudioPlaying = (page: Page) =>
  page.evaluate(async () => {
    const elements = (window as unknown as { __played: HTMLMediaElement[] }).__played.filter(
      (element) => element.srcObject instanceof MediaStream && element.srcObject.getAudioTracks().some((track) => track.readyState === 'live'),
    );
    const start = elements.map((element) => element.currentTime);
    await new Promise((resolve) => setTimeout(resolve, 300));
    return elements.some((element, index) => !element.paused && element.currentTime > 0 && element.currentTime > start[index]!);
  });
