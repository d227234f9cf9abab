// The offline cache. The build fills in every file of the site with the hash
// of its content; installing fetches each with that integrity, so the cache
// holds exactly this build, and a new build (new hashes) replaces it whole; an
// install that fails deletes what it had cached.
const VERSION = "__VERSION__";
const PRECACHE = __PRECACHE__;
const CACHE = `wortwurf-${VERSION}`;
const scope = new URL("./", self.location);

/** A file of this build: the browser's HTTP cache's copy when it has this build's bytes (a first visit has
 *  just fetched most files), else from the network. */
async function fetchChecked(url, integrity) {
  let response;
  try {
    response = await fetch(new Request(url, { integrity }));
  } catch {
    response = await fetch(new Request(url, { integrity, cache: "reload" })); // an older copy failed the check
  }
  if (!response.ok) throw new Error(`precache ${url}: ${response.status}`);
  return response;
}

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      try {
        await Promise.all(
          Object.entries(PRECACHE).map(async ([path, integrity]) => {
            const url = new URL(path, scope);
            await cache.put(url, await fetchChecked(url, integrity));
          }),
        );
      } catch (error) {
        await caches.delete(CACHE); // a failed install leaves nothing behind; the installed version stays
        throw error;
      }
    })(),
  );
});

// A new version waits until the page says a person chose it (the menu's update notice).
self.addEventListener("message", (event) => {
  if (event.data?.type === "activate") self.skipWaiting();
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
