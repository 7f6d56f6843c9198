/*
 * Imported into the generated service worker (vite.config.ts workbox.importScripts). When the
 * network returns the browser fires `sync` for the tag a page registered while offline
 * (SW_SYNC_TAG in sync/engine.ts); every open Dockside window is told to drain its outbox
 * (SW_WAKE_MESSAGE), including a tab in the background whose timers the browser slows down.
 */
self.addEventListener('sync', (event) => {
  if (event.tag !== 'dockside-outbox') return;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      for (const w of windows) w.postMessage({ type: 'dockside-sync-wake' });
    }),
  );
});
