// Kovanica's service worker (decisions 0050 and 0054), built by vite-plugin-pwa (`injectManifest`,
// vite.config.ts) from this file to /sw.js, so that its scope is the whole app.
//
// It does three things, each kept small:
// - the app shell offline: the build's pages, scripts, styles and icons are precached at install
//   (`self.__WB_MANIFEST`, filled in by the build) and served from the cache (their names carry a
//   hash: a new build is a new name);
// - a page load (a navigation) goes to the network first and, offline, gets the cached app page
//   (`index.html`; `/login` the cached sign-in page), so a reload on a phone without signal still
//   shows the app. Nothing under /api/ is ever answered here: neither the navigation fallback nor
//   any cache touches the API (the live events' stream, /api/v2/events, included). The app keeps
//   its own data offline;
// - it shows the push messages the server sends (alarms, and the "Send a test" of the profile) and
//   opens the app where a click on one should lead.
//
// The message is the server's `PushMessage` as JSON (apps/server/src/modules/push-subscriptions/
// push.sender.ts): { title, body, url, tag }.

import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

/* A new version takes over at once; the outdated precache of the one before is removed. */
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

// Only the files themselves: `/` and `/login` are pages, answered below (network first), not from
// the cache by their file's name.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '', cleanURLs: false });
cleanupOutdatedCaches();

/** Paths the navigation fallback never answers: the API (its docs page, its event stream). */
const NOT_THE_APP = [/^\/api\//];
/** The sign-in page, a page apart (decision 0016), with or without a query (`/login?redirect=…`). */
const SIGN_IN = /^\/login\/?(\?|$)/;

/**
 * A page load: from the network while there is one (a new build's page at once), the cached page
 * when the network fails (offline). A page the server answers with an error is the server's answer.
 */
function networkThenCached(page) {
  return async ({ request }) => {
    try {
      return await fetch(request);
    } catch (error) {
      const cached = await matchPrecache(page);
      if (cached) return cached;
      throw error;
    }
  };
}

registerRoute(new NavigationRoute(networkThenCached('login.html'), { allowlist: [SIGN_IN] }));
registerRoute(new NavigationRoute(networkThenCached('index.html'), { denylist: [...NOT_THE_APP, SIGN_IN] }));

/** The message of a push event, or a plain one when it carries none or one that is no JSON. */
function messageOf(event) {
  const fallback = { title: 'Kovanica', body: '', url: '/', tag: undefined };
  if (!event.data) return fallback;
  try {
    const data = event.data.json();
    return {
      title: typeof data.title === 'string' ? data.title : fallback.title,
      body: typeof data.body === 'string' ? data.body : '',
      url: typeof data.url === 'string' ? data.url : '/',
      tag: typeof data.tag === 'string' ? data.tag : undefined,
    };
  } catch {
    return { ...fallback, body: event.data.text() };
  }
}

// A push message becomes a notification. Browsers demand one for every push (`userVisibleOnly`): a
// push that shows nothing may cost the site its permission. A message with the tag of one already
// shown replaces it (an alarm told again), and still rings (`renotify`).
self.addEventListener('push', (event) => {
  const message = messageOf(event);
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      icon: '/icons/icon-192.png',
      badge: '/favicon.svg',
      tag: message.tag,
      renotify: Boolean(message.tag),
      data: { url: message.url },
    }),
  );
});

/** Only links into this app are opened: a message cannot send the user elsewhere. */
function appUrl(url) {
  const target = new URL(url || '/', self.location.origin);
  return target.origin === self.location.origin ? target.href : self.location.origin;
}

// A click on a notification: a Kovanica tab already open is brought forward and led to the
// message's page; with none open, a new one opens there.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = appUrl(event.notification.data?.url);
  event.waitUntil(
    (async () => {
      const tabs = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const tab = tabs.find((client) => new URL(client.url).origin === self.location.origin);
      if (!tab) return self.clients.openWindow(url);
      await tab.focus();
      // A tab may refuse to be led (another origin's frame): focusing it is then enough.
      if (tab.url !== url && 'navigate' in tab) await tab.navigate(url).catch(() => undefined);
      return tab;
    })(),
  );
});
