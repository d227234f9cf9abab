// The module worker that runs Python (Pyodide 314 needs a module worker): boots
// Pyodide with our own lock file, so only wheels shipped with the site can
// load, imports the engine bridge, and answers one JSON request per message.
//
// Our pure-Python wheel is imported straight from the zip (zipimport): it is
// fetched with its integrity check while Python boots, which saves the package
// loader's unpacking (about 0.2 s on a slow machine).
//
// Python starts from the standard library trimmed and compiled at build time
// (build.py `trimmed_stdlib`). Starting the interpreter, importing the engine
// and reading the German list are most of the wait. The first visit keeps a
// memory snapshot of Python once all three are done (in Cache Storage, named for this build's files);
// later visits restore it and are ready at once. A snapshot that fails to
// start is deleted and Python starts the normal way. On a fast link, a first
// visit restores the snapshot the build made instead (`SHIPPED`): a phone's
// link never fetches it.
//
// The page runs two of these: the engine, and a second one named "search" for the calls that search (advice,
// hints, computer players), so that a search never holds the engine's other calls and can be cancelled by
// ending its worker. The search worker starts the same way but keeps no snapshot and tells no progress.
// Every call comes with a time budget in seconds (`bridge.call`): a search answers with the best it found.

const here = new URL("./", import.meta.url);
const SEARCH = self.name === "search";
// Pyodide's loader is imported when Python starts, not before the worker's first line: the worker's own downloads
// (the wasm, a kept snapshot, Pyodide's module factory) then start one request earlier. On a phone's second visit
// ready came 0.15–0.16 s sooner (phone_visit's conditions, two sets of 4 runs). (The build names its folder: PYODIDE_DIR.)
const pyodideLoader = import("./__PYODIDE__/pyodide.mjs");
const SNAPSHOT_CACHE = "python-snapshot-__SNAPSHOT_ID__";
const SNAPSHOT_KEY = new URL("python.snapshot", here).href;
const STDLIB = "__STDLIB__"; // the standard library Python starts from: trimmed, compiled, gzipped, named by its content (build.py)
// Where our wheel and the German list go in Python's file system, and the Python that sets the engine up
// (build.py `python_setup`: the build makes the shipped snapshot with the same).
const { wheel: WHEEL_PATH, lexicon: LEXICON_PATH, engine: ENGINE_ON_PATH, readLexicon: READ_LEXICON } = __PYTHON_SETUP__;
let call = null;

// What a start downloads (the build counts it: the wasm, the standard library, our wheel, the German list), and
// what has arrived: every fetch is counted as it streams in, for the page's progress bar in bytes. Files we ship
// gzipped (GitHub Pages sends a .gz as it is) are unpacked as they come.
const BOOT_BYTES = __BOOT_BYTES__;
let total = BOOT_BYTES;
let received = 0;
// The page hears of it every 50 ms and at the end of each file, not for every chunk: each time it draws the bar,
// and on a later visit, when the files come from the offline cache at once, that drawing competed with the start.
const TELL_EVERY_MS = 50;
let told = -Infinity;
function tellBytes() {
  told = performance.now();
  self.postMessage({ type: "bytes", received, total });
}
// The wasm is the largest download and Python can start only once it is in: the rest waits for it (on a
// phone's link everything shares the bandwidth), and arrives while the interpreter starts.
let wasmArrived;
const wasmIn = new Promise((resolve) => (wasmArrived = resolve));
const fetchUncounted = self.fetch.bind(self);
// The wasm is needed whichever way Python starts: it is fetched from the worker's first moment, and Pyodide's own
// request for it gets that response.
const WASM = new URL("__PYODIDE__/pyodide.asm.wasm", here).href;
let wasmEarly = null;
self.fetch = async (input, init) => {
  if (wasmEarly && (input instanceof Request ? input.url : String(input)) === WASM) {
    const early = wasmEarly;
    wasmEarly = null;
    return early;
  }
  const response = await fetchUncounted(input, init);
  if (!response.body) return response;
  let own = 0; // (this file's bytes so far)
  let body = response.body.pipeThrough(new TransformStream({
    transform(chunk, stream) {
      received += chunk.byteLength;
      own += chunk.byteLength;
      if (performance.now() - told >= TELL_EVERY_MS) tellBytes();
      stream.enqueue(chunk);
    },
    flush() {
      tellBytes();
      if (response.url.endsWith(".wasm")) wasmArrived();
    },
  }));
  if (new URL(response.url).pathname.endsWith(".gz")) body = body.pipeThrough(new DecompressionStream("gzip"));
  const counted = new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  counted.bytesIn = () => own;
  return counted;
};

wasmEarly = self.fetch(WASM);

// Pyodide's start links some 260 JavaScript functions into wasm's function table, each through a tiny wasm
// module compiled for it, though only about 30 of them differ (one per signature): each is compiled once.
const compiledTiny = new Map();
WebAssembly.Module = new Proxy(WebAssembly.Module, {
  construct(compile, args) {
    const [bytes] = args;
    if (!ArrayBuffer.isView(bytes) || bytes.byteLength > 128) return Reflect.construct(compile, args);
    const key = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength).join();
    if (!compiledTiny.has(key)) compiledTiny.set(key, Reflect.construct(compile, args));
    return compiledTiny.get(key);
  },
});

/** A step of the start, timed on the page's clock (performance marks "worker:<step>"): where the seconds go. */
function mark(step) {
  self.postMessage({ type: "mark", step, at: performance.timeOrigin + performance.now() });
}
mark("started");
async function download(url, options) {
  // (a copy of an older build in the HTTP cache fails an integrity check: then it comes from the server)
  const response = await fetch(url, options).catch(() => fetch(url, { ...options, cache: "reload" }));
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

// Our wheel (named by its content's hash) and its integrity check: the build fills them in, so the download
// starts without waiting on the lock file (once the interpreter starts, the worker is busy until it is up).
const WHEEL = __WHEEL__;

// The German list keeps its name from build to build: its integrity check is this build's.
const GERMAN = __GERMAN__;
const germanWords = () => download(new URL(GERMAN.file, here), { integrity: GERMAN.integrity });

/** A file Python asks for only when it first needs it (a game's table, the English word list for Frigiti at an
 *  English table, the whole standard library for a module the trimmed one left out): fetched at once (a worker
 *  may wait on a request) into Python's file system; its path there. Python calls it as `js.siteFile` when it
 *  needs it, so no snapshot holds it. */
function loadFile(pyodide, name) {
  const path = `/site/${name}`;
  if (!pyodide.FS.analyzePath(path).exists) {
    const request = new XMLHttpRequest();
    request.open("GET", new URL(name, here), false);
    request.responseType = "arraybuffer";
    request.send();
    if (request.status !== 200) throw new Error(`${name}: ${request.status}`);
    pyodide.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
    pyodide.FS.writeFile(path, new Uint8Array(request.response));
  }
  return path;
}

// A snapshot is kept, and shipped, without its pages that are all zero (more than half of its 64 KiB pages
// are): a visit reads half as much, and copies its pages straight into Python's memory. The pages kept are
// listed beside it. (build.py `SNAPSHOT_PAGE`: the build cuts the shipped one the same way.)
const PAGE = __SNAPSHOT_PAGE__;

/** A snapshot of `size` bytes whose listed `pages` come one after another in `chunks` (an async iterable of bytes);
 *  `first`, its first page, is filled as it comes: Pyodide reads the snapshot's header from it and restores it
 *  itself (`restoring` puts the others in place). */
function pagedSnapshot(chunks, size, pages) {
  return { size, pages, chunks, first: new Uint8Array(Math.min(PAGE, size)) };
}

/** A response's body, chunk by chunk as it is read: only the chunk in hand is held. (A kept snapshot read whole
 *  was first assembled into one 14 MB buffer, 40 ms of the worker's thread at full CPU, and then copied again.) */
async function* bodyChunks(response) {
  const reader = response.body.getReader();
  try {
    for (let read = await reader.read(); !read.done; read = await reader.read()) yield read.value;
  } finally {
    reader.cancel().catch(() => {}); // (what was not read, when the restore stopped early)
  }
}

/** The snapshot this build's first visit kept, if any. */
async function savedSnapshot() {
  if (!self.caches) return undefined; // no Cache Storage outside secure contexts
  const hit = await (await caches.open(SNAPSHOT_CACHE)).match(SNAPSHOT_KEY);
  if (!hit) return undefined;
  return pagedSnapshot(bodyChunks(hit), Number(hit.headers.get("x-bytes")), hit.headers.get("x-pages")?.split(",").map(Number));
}

/** The numbers of the pages of `bytes` that hold anything but zeros (read four bytes at a time). */
function nonZeroPages(bytes) {
  const words = new Int32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength >> 2);
  const pages = [];
  for (let page = 0; page * PAGE < bytes.length; page++) {
    const end = Math.min(words.length, ((page + 1) * PAGE) >> 2);
    for (let i = (page * PAGE) >> 2; i < end; i++) {
      if (words[i] !== 0) {
        pages.push(page);
        break;
      }
    }
  }
  const last = Math.floor((bytes.length - 1) / PAGE); // (the bytes after the last whole word)
  if (pages.at(-1) !== last && bytes.subarray(words.length << 2).some((byte) => byte !== 0)) pages.push(last);
  return pages;
}

/** A snapshot made in this worker, as one is kept: its size, its pages that are not all zero and their bytes. */
function paged(bytes) {
  const pages = nonZeroPages(bytes);
  return { size: bytes.byteLength, pages, data: new Blob(pages.map((page) => bytes.subarray(page * PAGE, (page + 1) * PAGE))) };
}

async function keepSnapshot({ size, pages, data }) {
  for (const name of await caches.keys()) {
    if (/^(python|pyodide)-snapshot-/.test(name) && name !== SNAPSHOT_CACHE) await caches.delete(name);
  }
  const headers = { "x-bytes": String(size), "x-pages": pages.join(",") };
  await (await caches.open(SNAPSHOT_CACHE)).put(SNAPSHOT_KEY, new Response(await data, { headers }));
}

/** Pyodide's module factory, made to put the snapshot's pages in place in Python's memory as they are read, once
 *  the module is made, but the first (Pyodide restores it). Memory is fresh, all zeros, above Emscripten's break:
 *  a page of zeros is written only below it. */
function restoring({ size, pages, chunks, first }) {
  const length = (page) => Math.min(PAGE, size - page * PAGE); // (only the last page may be short)
  return async (settings) => {
    if (pages?.[0] !== 0 || !pages.every((page) => page * PAGE < size)) throw new Error("the snapshot's pages are not listed");
    const module = await createPyodideModule(settings);
    const written = module._sbrk(0) >>> 0;
    let offset = 0; // where Python's memory starts in the snapshot, once the first page is in
    const memoryReady = () => {
      offset = new Uint32Array(first.buffer, 0, 2)[1];
      if (!(offset > 0 && offset < first.length)) throw new Error("the snapshot's header is not in its first page");
      const memory = size - offset;
      if (module.HEAP8.length < memory && !module._emscripten_resize_heap(memory)) throw new Error("no memory for the snapshot");
      for (let page = 1, next = 1; page * PAGE < size; page++) {
        if (pages[next] === page) next++;
        else if (page * PAGE - offset < written) module.HEAP8.fill(0, page * PAGE - offset, page * PAGE - offset + length(page));
      }
    };
    let index = 0; // the kept page being read,
    let within = 0; // and how much of it is in
    for await (const chunk of chunks) {
      for (let done = 0; done < chunk.length;) {
        if (index === pages.length) throw new Error("the snapshot is longer than it says");
        const part = chunk.subarray(done, done + length(pages[index]) - within);
        if (index === 0) first.set(part, within);
        else module.HEAP8.set(part, pages[index] * PAGE + within - offset);
        done += part.length;
        within += part.length;
        if (within === length(pages[index])) {
          if (index === 0) memoryReady();
          index++;
          within = 0;
        }
      }
    }
    if (index !== pages.length) throw new Error("the snapshot is not as long as it says");
    return module;
  };
}

// The snapshot the build made (Python with the engine imported and the German list read, gzipped) and what a
// start with it downloads: about 5 MB more than a normal start, which pays only on a fast link.
const SHIPPED = __SHIPPED__;
const FAST_LINK = 50e6; // bits a second: the shipped snapshot then comes in under a second

/** The shipped snapshot (its pages as kept ones are); `bytesIn()`: how much of it came over the link. */
function shippedSnapshot() {
  total = SHIPPED.boot;
  let response;
  const fetched = fetch(new URL(SHIPPED.file, here), { integrity: SHIPPED.integrity }).then((arrived) => {
    response = arrived;
    if (!arrived.ok) throw new Error(`${SHIPPED.file}: ${arrived.status}`);
    return arrived;
  });
  // (read whole: a restore that works keeps these bytes)
  const data = fetched.then(async (arrived) => new Uint8Array(await arrived.arrayBuffer()));
  data.catch(() => {}); // (a failure is met where Python starts from it: `python`)
  const chunks = (async function* () {
    yield await data;
  })();
  return { ...pagedSnapshot(chunks, SHIPPED.bytes, SHIPPED.pages), data, bytesIn: () => response?.bytesIn() ?? 0 };
}

const saved = savedSnapshot().catch(() => undefined);
// Pyodide's module factory is 1.2 MB of JavaScript (on a phone's half core its import ended a second after the
// worker started): it comes while the worker looks for a snapshot.
const FACTORY = new URL("__PYODIDE__/pyodide.asm.mjs", here).href;
const factory = import(FACTORY);
const createPyodideModule = async (settings) => (await factory).default(settings);

/** Whether the factory came over the network at FAST_LINK or faster (not from a cache: then the link is not
 *  known), timed as soon as its last byte is in. WebKit (Safari, every iPhone browser) gives a worker's entries
 *  no sizes at all (transferSize, encodedBodySize and decodedBodySize 0): there a response that did not come
 *  from the offline cache (workerStart) is timed with the factory's size as the build made it. WebKit cannot tell
 *  its HTTP cache from the link, so there a factory from that cache, on a visit that kept no snapshot, reads as
 *  a fast link (README, "Engines"). */
async function fastLink() {
  const timed = new Promise((resolve) => {
    const observer = new PerformanceObserver((list) => {
      const entry = list.getEntries().find((e) => e.name === FACTORY);
      if (entry) {
        observer.disconnect();
        resolve(entry);
      }
    });
    observer.observe({ type: "resource", buffered: true });
  });
  const entry = await Promise.race([timed, factory.then(() => performance.getEntriesByName(FACTORY)[0], () => null)]);
  if (!entry) return false;
  const noSizes = !entry.transferSize && !entry.encodedBodySize && !entry.decodedBodySize;
  const bytes = entry.transferSize || (noSizes && !entry.workerStart && entry.responseEnd > 0 ? SHIPPED.factory : 0);
  if (!bytes) return false;
  return (bytes * 8) / (Math.max(entry.responseEnd - entry.responseStart, 1) / 1000) >= FAST_LINK;
}

// How Python starts: from the snapshot a visit kept; else, on a fast link, from the shipped one; else the normal way.
const start = saved.then(async (kept) => (kept ? { kept } : (await fastLink()) ? { shipped: shippedSnapshot() } : {}));
// Both download while Python starts (the German list only when no snapshot holds it); on a first visit after
// the wasm, on a later one (from the offline cache) at once.
const wheel = start.then(({ kept }) => (kept ? undefined : wasmIn))
  .then(() => download(new URL(WHEEL.file, here), { integrity: WHEEL.integrity }));
const lexicon = start.then(({ kept, shipped }) => (kept || shipped ? undefined : wasmIn.then(germanWords)));

async function startPython(snapshot) {
  const { loadPyodide } = await pyodideLoader;
  const options = {
    indexURL: new URL("__PYODIDE__/", here).href,
    stdLibURL: new URL(STDLIB, here).href,
    lockFileURL: new URL("wheels/pyodide-lock.json", here).href,
  };
  if (snapshot) return loadPyodide({ ...options, _loadSnapshot: snapshot.first, createPyodideModule: restoring(snapshot) });
  return loadPyodide({ ...options, createPyodideModule, _makeSnapshot: Boolean(self.caches) && !SEARCH });
}

/** Python from a snapshot, or started the normal way when there is none or it fails; with the shipped
 *  snapshot's bytes when it was restored (a later visit restores them from Cache Storage). */
async function python() {
  const { kept, shipped } = await start;
  mark(kept ? "snapshot-found" : shipped ? "snapshot-shipped" : "no-snapshot");
  const snapshot = kept ?? shipped;
  if (snapshot) {
    try {
      return { pyodide: await startPython(snapshot), restored: true, keep: shipped && self.caches && snapshot };
    } catch (error) {
      console.warn("discarding a Python snapshot that did not start:", error);
      if (kept) await caches.delete(SNAPSHOT_CACHE);
      if (shipped) {
        await shipped.data.catch(() => null);
        total = BOOT_BYTES + shipped.bytesIn(); // the German list is needed after all
      }
    }
  }
  return { pyodide: await startPython(undefined), restored: false };
}

/** Boot Python and the engine; resolves with a snapshot to keep, if there is a new one: made here (its bytes),
 *  or the shipped one restored (paged). */
async function boot() {
  self.postMessage({ type: "progress", stage: "runtime" });
  const { pyodide, restored, keep } = await python();
  mark(restored ? "python-restored" : "python-started");
  self.postMessage({ type: "progress", stage: "rules" });
  self.siteFile = (name) => loadFile(pyodide, name);
  pyodide.FS.mkdirTree("/wheels");
  pyodide.FS.writeFile(WHEEL_PATH, await wheel); // (also after a restore: the file system is not in a snapshot)
  mark("wheel-arrived");
  if (restored) { // (new games' seeds come from os.urandom, live after a restore; nothing uses `random`'s own state)
    call = pyodide.pyimport("wortwurf.bridge").call;
    return (!SEARCH && keep) || null;
  }
  pyodide.runPython(ENGINE_ON_PATH);
  mark("engine-imported");
  const started = performance.now();
  pyodide.FS.mkdirTree("/lexicon");
  pyodide.FS.writeFile(LEXICON_PATH, (await lexicon) ?? (await germanWords())); // (a snapshot that failed held it)
  mark("lexicon-arrived");
  pyodide.runPython(READ_LEXICON);
  pyodide.FS.unlink(LEXICON_PATH); // Python holds its own copy now
  self.postMessage({ type: "lexicon", ms: performance.now() - started });
  let fresh = null;
  if (self.caches && !SEARCH) {
    try {
      fresh = pyodide.makeMemorySnapshot();
      mark("snapshot-made");
    } catch (error) {
      console.warn("could not make a Python snapshot:", error);
    }
  }
  call = pyodide.pyimport("wortwurf.bridge").call;
  return fresh;
}

const booted = boot().then(
  (fresh) => {
    self.postMessage({ type: "ready", keeping: Boolean(fresh) });
    if (fresh) {
      keepSnapshot(fresh instanceof Uint8Array ? paged(fresh) : fresh).then(() => {
        mark("snapshot-kept");
        self.postMessage({ type: "kept", ok: true });
      }, (error) => {
        console.warn("could not keep the Python snapshot:", error);
        self.postMessage({ type: "kept", ok: false });
      });
    }
  },
  (error) => self.postMessage({ type: "failed", message: String(error) }),
);

self.onmessage = async ({ data: { id, request, seconds } }) => {
  await booted;
  if (!call) {
    self.postMessage({ id, crash: "the engine is not loaded" });
    return;
  }
  try {
    self.postMessage({ id, response: call(request, seconds ?? undefined) }); // (JavaScript null is not Python None)
  } catch (error) {
    self.postMessage({ id, crash: String(error) });
  }
};
