// Kovanica's service worker (decision 0050), served at /sw.js so that its scope is the whole app.
//
// Today it does one thing: it shows the push messages the server sends (alarms, and the "Send a
// test" of the profile) and opens the app where a click on one should lead. It caches nothing, so
// the app behaves as if there were none. A later phone app grows from here (an offline shell, a
// background sync of readings); keep each part small and commented.
//
// The message is the server's `PushMessage` as JSON (apps/server/src/modules/push-subscriptions/
// push.sender.ts): { title, body, url, tag }.

/* A new version takes over at once: nothing is cached whose version could disagree. */
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

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
      icon: '/favicon.svg',
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
