// Push notifications in the members' service worker (docs/notifications.md#push): Workbox's
// generated worker imports this file (web/vite.config.ts, importScripts). A push carries
// { id, kind, title, body, url }, the member's own business only; the id is the notification's
// tag, so a second try of one delivery (after a sender crashed) replaces it instead of adding one.
/* global self */

self.addEventListener('push', (event) => {
  let message = null;
  try {
    message = event.data ? event.data.json() : null;
  } catch {
    message = null;
  }
  if (!message || typeof message.title !== 'string') return;
  // Only a page of this site is ever opened (the server sends paths; anything else opens My club).
  const url = typeof message.url === 'string' && /^\/(?!\/)/.test(message.url) ? message.url : '/my';
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: typeof message.body === 'string' ? message.body : '',
      tag: typeof message.id === 'string' ? message.id : undefined,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url },
    }),
  );
});

/** The page to open for a notification: its url on this site. */
function targetOf(notification) {
  const path = notification.data && typeof notification.data.url === 'string' ? notification.data.url : '/my';
  return new URL(path, self.location.origin).href;
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = targetOf(event.notification);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      // A tab already on the page is focused; else an open tab of the site goes there; else a new
      // one opens. Offline, the page comes from the device (the worker's kept pages, docs/offline.md).
      const same = windows.find((client) => client.url === target);
      if (same) return same.focus();
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        const focused = await open.focus();
        return focused.navigate(target);
      }
      return self.clients.openWindow(target);
    })(),
  );
});
