import { loadPyodide } from "./pyodide/pyodide.mjs";

const here = new URL("./", import.meta.url);
await loadPyodide({
  indexURL: new URL("pyodide/", here).href,
  lockFileURL: new URL("wheels/pyodide-lock.json", here).href,
});
self.onmessage = ({ data }) => self.postMessage(data);
self.postMessage("ready");
