// The module worker that runs Python (Pyodide 314 needs a module worker): boots
// Pyodide with our own lock file, so only wheels shipped with the site can
// load, imports the engine bridge, and answers one JSON request per message.
//
// Our pure-Python wheel is imported straight from the zip (zipimport): it is
// fetched with the sha256 the lock file lists while Python boots, which saves
// the package loader's unpacking (about 0.2 s on a slow machine).
//
// Booting the interpreter is most of the wait. The first visit saves a memory
// snapshot of the freshly started interpreter (before our package is loaded,
// so it holds nothing of ours) in Cache Storage; later visits start from it.
// A snapshot that fails to start is deleted and Python boots the normal way.
import { loadPyodide, version } from "./pyodide/pyodide.mjs";

const here = new URL("./", import.meta.url);
const SNAPSHOT_CACHE = `pyodide-snapshot-${version}`;
const SNAPSHOT_KEY = new URL("pyodide/interpreter.snapshot", here).href;
const LEXICON_PATH = "/lexicon/de.wwlx";
const WHEEL_PATH = "/wheels/wortwurf.whl";
let call = null;

// What a start downloads (the build counts it: the wasm, the standard library, our wheel, the German list), and
// what has arrived: every fetch is counted as it streams in, for the page's progress bar in bytes.
const BOOT_BYTES = __BOOT_BYTES__;
let received = 0;
const fetchUncounted = self.fetch.bind(self);
self.fetch = async (input, init) => {
  const response = await fetchUncounted(input, init);
  if (!response.body) return response;
  const counted = response.body.pipeThrough(new TransformStream({
    transform(chunk, stream) {
      received += chunk.byteLength;
      self.postMessage({ type: "bytes", received, total: BOOT_BYTES });
      stream.enqueue(chunk);
    },
  }));
  return new Response(counted, { status: response.status, statusText: response.statusText, headers: response.headers });
};

/** A step of the start, timed on the page's clock (performance marks "worker:<step>"): where the seconds go. */
function mark(step) {
  self.postMessage({ type: "mark", step, at: performance.timeOrigin + performance.now() });
}
mark("started");
async function download(url, options) {
  const response = await fetch(url, options);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

/** The wortwurf wheel named in our lock file, checked against its sha256 there. */
async function engineWheel() {
  const lock = await (await fetch(new URL("wheels/pyodide-lock.json", here))).json();
  const { file_name: name, sha256 } = lock.packages.wortwurf;
  const digest = String.fromCharCode(...sha256.match(/../g).map((hex) => parseInt(hex, 16)));
  return download(new URL(`wheels/${name}`, here), { integrity: `sha256-${btoa(digest)}` });
}

/** The German word list, shipped gzipped (GitHub Pages sends unknown types as they are), unpacked as it comes. */
async function germanWords() {
  const response = await fetch(new URL("lexicon/de.wwlx.gz", here));
  if (!response.ok) throw new Error(`lexicon: ${response.status}`);
  return new Uint8Array(await new Response(response.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer());
}

// Both download while Python boots.
const wheel = engineWheel();
const lexicon = germanWords();

/** A file Python asks for only when it first needs it (the English word list, for Frigiti at an English table;
 *  the whole standard library, for a module the trimmed one left out): fetched at once (a worker may wait on a
 *  request) into Python's file system; its path there. */
function loadFile(pyodide, url, path) {
  if (!pyodide.FS.analyzePath(path).exists) {
    const request = new XMLHttpRequest();
    request.open("GET", url, false);
    request.responseType = "arraybuffer";
    request.send();
    if (request.status !== 200) throw new Error(`${url}: ${request.status}`);
    pyodide.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
    pyodide.FS.writeFile(path, new Uint8Array(request.response));
  }
  return path;
}

// The site's standard library holds what the engine imports (build.py trims it); a module it left out is found
// in the whole library, fetched the first time one is asked for.
const WHOLE_LIBRARY = `
import importlib.machinery, sys
from _stdlib_left_out import NAMES

class WholeLibrary:
    def __init__(self, load):
        self.load = load

    def find_spec(self, name, path=None, target=None):
        if name not in NAMES:
            return None
        whole = self.load()
        where = whole if path is None else whole + "/" + name.rpartition(".")[0].replace(".", "/")
        return importlib.machinery.PathFinder.find_spec(name, [where])
`;

function findLeftOutModules(pyodide) {
  pyodide.runPython(WHOLE_LIBRARY);
  const load = () => loadFile(pyodide, new URL("pyodide/python_stdlib_whole.zip", here), "/lib/whole/python_stdlib.zip");
  pyodide.globals.get("sys").meta_path.append(pyodide.globals.get("WholeLibrary")(load));
}

async function readSnapshot() {
  if (!self.caches) return undefined; // no Cache Storage outside secure contexts
  const hit = await (await caches.open(SNAPSHOT_CACHE)).match(SNAPSHOT_KEY);
  return hit ? new Uint8Array(await hit.arrayBuffer()) : undefined;
}

async function saveSnapshot(bytes) {
  for (const name of await caches.keys()) {
    if (name.startsWith("pyodide-snapshot-") && name !== SNAPSHOT_CACHE) await caches.delete(name);
  }
  await (await caches.open(SNAPSHOT_CACHE)).put(SNAPSHOT_KEY, new Response(bytes));
}

function startPython(snapshot) {
  const options = {
    indexURL: new URL("pyodide/", here).href,
    lockFileURL: new URL("wheels/pyodide-lock.json", here).href,
  };
  if (snapshot) return loadPyodide({ ...options, _loadSnapshot: snapshot });
  return loadPyodide({ ...options, _makeSnapshot: Boolean(self.caches) });
}

/** Boot Python and the engine; resolves with a new snapshot to keep, if one was made. */
async function boot() {
  self.postMessage({ type: "progress", stage: "runtime" });
  let snapshot = await readSnapshot().catch(() => undefined);
  mark(snapshot ? "snapshot-read" : "no-snapshot");
  let pyodide;
  try {
    pyodide = await startPython(snapshot);
  } catch (error) {
    if (!snapshot) throw error;
    console.warn("discarding a Python snapshot that did not start:", error);
    await caches.delete(SNAPSHOT_CACHE);
    snapshot = undefined;
    pyodide = await startPython(undefined);
  }
  mark("python-started");
  const fresh = !snapshot && self.caches ? pyodide.makeMemorySnapshot() : null;
  if (fresh) mark("snapshot-made");
  self.postMessage({ type: "progress", stage: "rules" });
  findLeftOutModules(pyodide);
  pyodide.FS.mkdirTree("/wheels");
  pyodide.FS.writeFile(WHEEL_PATH, await wheel);
  mark("wheel-arrived");
  pyodide.runPython(`import sys; sys.path.insert(0, "${WHEEL_PATH}")`);
  call = pyodide.pyimport("wortwurf.bridge").call;
  mark("engine-imported");
  const started = performance.now();
  pyodide.FS.mkdirTree("/lexicon");
  pyodide.FS.writeFile(LEXICON_PATH, await lexicon);
  mark("lexicon-arrived");
  pyodide.runPython(`import os; os.environ["WORTWURF_LEXICON"] = "${LEXICON_PATH}"`);
  const words = pyodide.pyimport("wortwurf.words");
  words.LOAD = (name) => loadFile(pyodide, new URL(`lexicon/${name}`, here), `/lexicon/${name}`);
  words.default_lexicon();
  pyodide.FS.unlink(LEXICON_PATH); // Python holds its own copy now
  self.postMessage({ type: "lexicon", ms: performance.now() - started });
  return fresh;
}

const booted = boot().then(
  (fresh) => {
    self.postMessage({ type: "ready" });
    if (fresh) saveSnapshot(fresh).catch((error) => console.warn("could not keep the Python snapshot:", error));
  },
  (error) => self.postMessage({ type: "failed", message: String(error) }),
);

self.onmessage = async ({ data: { id, request } }) => {
  await booted;
  if (!call) {
    self.postMessage({ id, crash: "the engine is not loaded" });
    return;
  }
  try {
    self.postMessage({ id, response: call(request) });
  } catch (error) {
    self.postMessage({ id, crash: String(error) });
  }
};
