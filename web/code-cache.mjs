// A worker that runs once, when a first visit has kept its Python snapshot and the offline cache serves the
// page: it loads Pyodide's module factory (1.2 MB of JavaScript) through that cache, so that the browser keeps
// the factory's compiled code beside it there. Chromium keeps compiled code for a script from the offline
// cache only once it has loaded it from there: without this, the next visit compiled the factory again
// (the phone's second visit was 0.3 s slower) and only the visit after it was spared.
import createPyodideModule from "./__PYODIDE__/pyodide.asm.mjs"; // (the build names its folder: PYODIDE_DIR)

// Most of the factory is one function, compiled only when called: called with no settings, it stops at its first
// line that sets one (nothing is fetched or started), and its compiled code is in what the browser keeps.
createPyodideModule(null).catch(() => {}).then(() => self.postMessage("compiled"));
// The browser writes the compiled code once this worker is idle; it is closed well after that.
setTimeout(() => close(), 10_000);
