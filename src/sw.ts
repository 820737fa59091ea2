// The kiosk's service worker, built by vite-plugin-pwa, which puts
// the list of the build's files in self.__WB_MANIFEST. Workbox's precache
// holds every file of one build; a new build's worker installs them all or
// fails and leaves the cached build in place.
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

// The few parts of ServiceWorkerGlobalScope used here: the WebWorker lib's
// types would clash with the DOM's, which the rest of src/ is checked with.
declare const self: {
  __WB_MANIFEST: Array<string | { url: string; revision: string | null }>;
  skipWaiting(): Promise<void>;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
};

// A new build waits until the page asks for it, at a reload: a running kiosk
// never has its files swapped under it.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// Client routes (/enter-code, /call...) get the cached index.html.
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html')));
// The first page is kept as soon as the worker is installed, so it too may reload offline.
clientsClaim();
// Nothing else is routed: the API, the Pusher socket and the video provider go
// to the network untouched, never cached nor answered here.
