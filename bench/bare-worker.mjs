import { loadPyodide } from "./pyodide/pyodide.mjs";

const here = new URL("./", import.meta.url);
const pyodide = await loadPyodide({
  indexURL: new URL("pyodide/", here).href,
  lockFileURL: new URL("wheels/pyodide-lock.json", here).href,
});

/** Run bench/lexicon_bench.py inside this Pyodide, with the site's lexicon. */
async function lexiconBench(source) {
  await pyodide.loadPackage("wortwurf", { messageCallback: () => {} });
  const response = await fetch(new URL("lexicon/de.wwlx.gz", here));
  const bytes = new Uint8Array(await new Response(response.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer());
  const heapBefore = pyodide._module.HEAPU8.length;
  pyodide.FS.writeFile("/de.wwlx", bytes);
  pyodide.runPython(`lexicon_bytes = open("/de.wwlx", "rb").read()\n${source}`);
  const figures = pyodide.globals.get("figures").toJs({ dict_converter: Object.fromEntries });
  figures["wasm heap growth, MB"] = (pyodide._module.HEAPU8.length - heapBefore) / 1e6;
  figures["file in Pyodide's file system, MB"] = bytes.length / 1e6;
  return figures;
}

self.onmessage = async ({ data }) => {
  if (typeof data === "string") self.postMessage(data);
  else self.postMessage(await lexiconBench(data.lexiconBench));
};
self.postMessage("ready");
