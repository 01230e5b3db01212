/**
 * The app shell's service worker, built to /sw.js by ./build-plugin.ts, which puts `shellManifest`
 * (this build's cache name and the files to keep) in front of it. It makes the app open without a
 * network: reloading offline gives the app, whose own stores (the event store, IndexedDB) show the
 * saved drafts and what waits to be sent.
 *
 * What it keeps: only this build's static files (index.html, the hashed scripts and styles, the
 * message catalogues, the early scripts, the manifest and icon). Nothing else is ever answered or
 * stored here: the API (/api, /school, /exam, /chat), stored files (/files), /meta.json and every
 * other request pass straight to the network, so no answer carrying one account's data can be shown
 * to another account after signing out (tests/e2e/offline-shell.test.ts checks what is cached).
 *
 * - A navigation to an app route (a path without a file extension, outside the paths above) is
 *   answered with the cached index.html: the client routes it, as the server would.
 * - Installing fetches every file past the HTTP cache; a file missing fails the install, so a half
 *   kept shell never takes over. A new build (its file list differs, so /sw.js differs) installs in
 *   the background and waits until no page of the old one is open, so a running page never loses
 *   the chunks it still loads lazily; on activating it deletes the older builds' caches. A newer
 *   server version (/meta.json) is picked up sooner by the boot check (src/boot/version-check.ts),
 *   which drops the caches and this worker and reloads.
 *
 * Hand-written rather than Workbox (vite-plugin-pwa): these ~60 lines are the whole need, and
 * workbox-build would bring Babel, Rollup and their plugins into the build for them.
 */
export {}

declare const shellManifest: { readonly cacheName: string; readonly urls: ReadonlyArray<string> }

interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request
  respondWith(response: Promise<Response>): void
}
interface ShellWorkerScope {
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void
  readonly location: Location
}

const worker = self as unknown as ShellWorkerScope
const cachePrefix = 'fasl-shell-'
const kept = new Set(shellManifest.urls)
/** Never answered from here, navigations included (the API docs page and stored files open in a tab). */
const networkOnly = /^\/(api|school|exam|chat|files)(\/|$)/i

worker.addEventListener('install', (event) => {
  event.waitUntil(caches.open(shellManifest.cacheName).then((cache) => cache.addAll(shellManifest.urls.map((url) => new Request(url, { cache: 'reload' })))))
})

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(names.filter((name) => name.startsWith(cachePrefix) && name !== shellManifest.cacheName).map((name) => caches.delete(name))),
      ),
  )
})

const fromCache = async (url: string, request: Request): Promise<Response> => {
  const cache = await caches.open(shellManifest.cacheName)
  // ignoreVary: the server varies on Accept-Encoding, which the browser sets below what a Request shows.
  return (await cache.match(url, { ignoreVary: true })) ?? fetch(request)
}

worker.addEventListener('fetch', (event) => {
  const { request } = event
  const url = new URL(request.url)
  if (request.method !== 'GET' || url.origin !== worker.location.origin || networkOnly.test(url.pathname)) return
  const appRoute = request.mode === 'navigate' && !/\.[a-z0-9]+$/i.test(url.pathname)
  if (appRoute) event.respondWith(fromCache('/index.html', request))
  else if (kept.has(url.pathname)) event.respondWith(fromCache(url.pathname, request))
})
