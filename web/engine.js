// The page's side of the worker: one promise per engine call, JSON both ways.

export class EngineError extends Error {
  constructor({ code, params, message }) {
    super(message);
    this.code = code;
    this.params = params;
  }
}

// Python starts as soon as this module runs: index.html loads it on its own, ahead of the rest of the page,
// so the worker's downloads begin a few round trips earlier. Progress until startEngine is called is kept.
const worker = new Worker(new URL("./worker.mjs", import.meta.url), { type: "module" });
const early = [];
worker.onmessage = ({ data }) => early.push(data);

/** After a visit that kept a new snapshot (this build's first), Pyodide's factory is loaded once more, through the
 *  offline cache, so that the next visit starts from its compiled code (code-cache.mjs). */
function keepCompiledCode() {
  const load = () => {
    const compiling = new Worker(new URL("./code-cache.mjs", import.meta.url), { type: "module" });
    compiling.onmessage = () => performance.mark("wortwurf-code-cache"); // (compiled; the browser keeps it soon after)
  };
  if (navigator.serviceWorker?.controller) load();
  else navigator.serviceWorker?.addEventListener("controllerchange", load, { once: true });
}

export function startEngine(onProgress) {
  const pending = new Map();
  let nextId = 0;
  let settle;
  const ready = new Promise((resolve, reject) => (settle = { resolve, reject }));

  const receive = ({ data }) => {
    if (data.type === "progress") onProgress({ stage: data.stage });
    else if (data.type === "bytes") onProgress({ received: data.received, total: data.total });
    else if (data.type === "ready") settle.resolve();
    else if (data.type === "lexicon") performance.mark("wortwurf-lexicon", { detail: data.ms });
    else if (data.type === "mark") performance.mark(`worker:${data.step}`, { startTime: data.at - performance.timeOrigin });
    else if (data.type === "failed") settle.reject(new Error(data.message));
    else if (data.type === "kept") keepCompiledCode();
    else {
      const { resolve, reject } = pending.get(data.id);
      pending.delete(data.id);
      if (data.crash !== undefined) {
        reject(new EngineError({ code: "crash", params: {}, message: data.crash }));
        return;
      }
      const answer = JSON.parse(data.response);
      if ("error" in answer) reject(new EngineError(answer.error));
      else resolve(answer.ok);
    }
  };

  worker.onmessage = receive;
  for (const data of early.splice(0)) receive({ data });

  function engine(name, ...args) {
    return new Promise((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject });
      worker.postMessage({ id, request: JSON.stringify({ call: name, args }) });
    });
  }

  return { ready, engine };
}
