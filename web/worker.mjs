// The module worker that runs Python: boots Pyodide with our own lock file
// (so only wheels shipped with the site can load), imports the engine bridge,
// and answers one JSON request per message. Pyodide 314 needs a module worker.
import { loadPyodide } from "./pyodide/pyodide.mjs";

const here = new URL("./", import.meta.url);
let call = null;

async function boot() {
  self.postMessage({ type: "progress", stage: "runtime" });
  const pyodide = await loadPyodide({
    indexURL: new URL("pyodide/", here).href,
    lockFileURL: new URL("wheels/pyodide-lock.json", here).href,
    packages: ["wortwurf"],
  });
  // A package that fails to load leaves no error behind, so check it arrived.
  if (!pyodide.loadedPackages.wortwurf) throw new Error("the wortwurf package did not load");
  self.postMessage({ type: "progress", stage: "rules" });
  call = pyodide.pyimport("wortwurf.bridge").call;
}

const booted = boot().then(
  () => self.postMessage({ type: "ready" }),
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
