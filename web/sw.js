// The offline cache. The build fills in every file of the site with the hash
// of its content; installing fetches each with that integrity, so the cache
// holds exactly this build, and a new build (new hashes) replaces it whole.
const VERSION = "__VERSION__";
const PRECACHE = __PRECACHE__;
const CACHE = `wortwurf-${VERSION}`;
const scope = new URL("./", self.location);

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      await Promise.all(
        Object.entries(PRECACHE).map(async ([path, integrity]) => {
          const request = new Request(new URL(path, scope), { integrity, cache: "no-cache" });
          const response = await fetch(request);
          if (!response.ok) throw new Error(`precache ${path}: ${response.status}`);
          await cache.put(new URL(path, scope), response);
        }),
      );
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith("wortwurf-") && name !== CACHE) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== scope.origin) return;
  const key = url.href === scope.href ? new URL("index.html", scope).href : url.href.split("?")[0];
  event.respondWith(
    (async () => {
      const cached = await caches.match(key, { cacheName: CACHE });
      return cached ?? fetch(event.request);
    })(),
  );
});
