// The page's side of the workers: one promise per engine call, JSON both ways.
//
// Two workers run Python (worker.mjs): the engine, and once it is ready a second one for the calls that search
// (SEARCHES, a linked guest's included), so that a search never holds the engine's other calls (a move, a view,
// a guest's action) and a search a person started can be cancelled: its worker is ended and another started.
// The search worker starts once the engine is ready and its worker has been quiet a moment (QUIET_MS: a
// phone's core is not shared with a start while a table is busy with calls; on the phone harness the first
// advice took 2.1-2.4 s beside a start, 1.4 s without one), prepares for each game on screen (`engine.prepare`:
// its tables and word finders, made unhurried) and takes its searches from then on; until it is up they go to
// the engine's worker. Every call has a time budget (SEARCH_SECONDS): on a phone's half core a search answers
// with the best it found by then; a search asked ahead of a person (`engine.ahead`) runs on the search worker
// only.

/** The calls that search: every game's helpers and the solvers a game declares (a test holds this to the
 *  engine's `bridge.SEARCHES`). */
export const SEARCHES = new Set(["hint", "advice", "computer_action", "review", "race_hint", "solution", "prepare"]);
/** Whether a call searches: one of SEARCHES, or a linked guest's request for one (`guest_request`: state, seat,
 *  request; what it asks is checked by the engine, this only says which worker it goes to). */
const searches = (name, args) => SEARCHES.has(name) || (name === "guest_request" && SEARCHES.has(args[2]?.call));
/** A search's time budget in Python, in seconds: with the messages around it, a phone has its answer within a
 *  second (bench/README.md, "Waits at the table"). */
export const SEARCH_SECONDS = 0.6;
/** How long the engine's worker is to have been without a call before the search worker starts. */
const QUIET_MS = 1000;

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
// A worker whose script cannot load (an interrupted download, a failing offline cache) sends nothing: its error
// is what the page is told instead, so the start says it failed rather than waiting for ever.
worker.onerror = (event) =>
  worker.onmessage({ data: { type: "failed", message: event.message || "the engine's worker did not load" } });

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

/** Pending calls to one worker, each answered by its id. */
function calls(worker, onOther = () => {}) {
  const pending = new Map();
  let nextId = 0;
  let lastActive = performance.now(); // when a call was last sent or answered
  worker.onmessage = ({ data }) => {
    if (data.id === undefined) return onOther(data);
    lastActive = performance.now();
    const waiting = pending.get(data.id);
    pending.delete(data.id);
    if (!waiting) return; // (a call given up: cancelled)
    if (data.crash !== undefined) return waiting.reject(new EngineError({ code: "crash", params: {}, message: data.crash }));
    const answer = JSON.parse(data.response);
    if ("error" in answer) waiting.reject(new EngineError(answer.error));
    else waiting.resolve(answer.ok);
  };
  return {
    send(name, args, seconds) {
      return new Promise((resolve, reject) => {
        const id = nextId++;
        pending.set(id, { resolve, reject, search: searches(name, args) });
        lastActive = performance.now();
        worker.postMessage({ id, request: JSON.stringify({ call: name, args }), seconds });
      });
    },
    /** How long ago the worker last had a call: 0 while one is pending. */
    quietFor: () => (pending.size ? 0 : performance.now() - lastActive),
    /** Every search waiting (`all`: every call, the worker is gone) is answered "cancelled" (its answer, if it
     *  comes, is dropped). */
    cancelSearches(all = false) {
      for (const [id, { reject, search }] of pending) {
        if (!search && !all) continue;
        pending.delete(id);
        reject(new EngineError({ code: "cancelled", params: {}, message: "cancelled" }));
      }
    },
  };
}

export function startEngine(onProgress) {
  let settle;
  const ready = new Promise((resolve, reject) => (settle = { resolve, reject }));
  let searcher = null; // the search worker's calls, once it is up
  let searchWorker = null;
  const warm = new Map(); // game: settles once the search worker has prepared for it
  const searchedHere = new Set(); // the games the engine's worker has searched (their tables are made there)
  let lastState = null; // the latest state on screen or searched: the search worker, once up, prepares for its game
  let searchUp;
  const searchReady = new Promise((resolve) => (searchUp = resolve)); // (the first search worker is up)
  let snapshotSettled;
  // (a first visit's engine keeps its snapshot just after it is ready: the search worker starts from it)
  const snapshotKept = new Promise((resolve) => (snapshotSettled = resolve));
  const budget = { seconds: SEARCH_SECONDS };

  /** The search worker, started once the engine's worker is quiet (the searches until it is up go to the
   *  engine's worker: a phone's half core is not shared by two starts at once); `now`: without waiting for
   *  quiet. */
  function searchSoon(now = false) {
    if (searchWorker === null && !globalThis.wortwurfOneWorker) { // (the tests' pages: one worker, see conftest)
      searchWorker = false; // (starting)
      snapshotKept.then(() => whenQuiet(now ? 0 : QUIET_MS, startSearcher));
    }
  }

  function whenQuiet(ms, then) {
    const quiet = main.quietFor();
    if (quiet >= ms) then();
    else setTimeout(() => whenQuiet(ms, then), Math.max(ms - quiet, 100));
  }

  /** A search worker, started from the engine's kept snapshot (or the normal way); searches go to it once up. */
  function startSearcher() {
    const worker = new Worker(new URL("./worker.mjs", import.meta.url), { type: "module", name: "search" });
    searchWorker = worker;
    const own = calls(worker, (data) => {
      if (data.type === "ready" && searchWorker === worker) {
        searcher = own;
        searchUp();
        if (lastState) prepareFor(lastState);
      }
      else if (data.type === "failed") console.warn("the search worker did not start:", data.message);
    });
  }

  const main = calls(worker, (data) => {
    if (data.type === "progress") onProgress({ stage: data.stage });
    else if (data.type === "bytes") onProgress({ received: data.received, total: data.total });
    else if (data.type === "ready") {
      settle.resolve();
      if (!data.keeping) snapshotSettled();
      searchSoon(); // (once quiet: a person at the menu, or reading the rules, gives it the time)
    } else if (data.type === "lexicon") performance.mark("wortwurf-lexicon", { detail: data.ms });
    else if (data.type === "mark") performance.mark(`worker:${data.step}`, { startTime: data.at - performance.timeOrigin });
    else if (data.type === "failed") settle.reject(new Error(data.message));
    else if (data.type === "kept") {
      if (data.ok) keepCompiledCode();
      snapshotSettled();
    }
  });
  for (const data of early.splice(0)) worker.onmessage({ data });

  function engine(name, ...args) {
    return engine.budgeted(budget.seconds, name, ...args);
  }

  /** A call with a time budget of its own (seconds; null: none): a search started ahead of the moment it is
   *  needed may use the time until then. */
  engine.budgeted = (seconds, name, ...args) => {
    let to = main;
    if (searches(name, args) && typeof args[0]?.game === "string") {
      const { game } = args[0];
      engine.warmUp(args[0]);
      // to the search worker once it has prepared for the game, or while it prepares, unless this worker has
      // searched the game already (its tables are made here): what it prepares is what the search needs
      const preparing = warm.get(game);
      if (searcher && preparing && (preparing.done || !searchedHere.has(game))) to = searcher;
      else searchedHere.add(game);
    }
    return to.send(name, args, seconds);
  };

  /** A search asked ahead of a person (a young race's hint, so that the hint asked later finds its solve done):
   *  run only by the search worker, once it has prepared for the game, never by the engine's worker (it is to
   *  hold no one); resolves to its answer, or null where no search worker is up yet (it is started meanwhile),
   *  or the search was refused or cancelled. */
  engine.ahead = (name, ...args) => {
    engine.warmUp(args[0]);
    const own = searcher;
    if (!own) return Promise.resolve(null);
    return prepareFor(args[0]).then(() => (searcher === own ? own.send(name, args, budget.seconds) : null))
      .catch(() => null);
  };

  /** A game of `state`'s is on screen or searched: the search worker is started (once the engine's worker is
   *  quiet) and prepares for the game, so that its first search finds it ready. */
  engine.warmUp = (state) => {
    lastState = state;
    searchSoon();
    if (searcher) prepareFor(state);
  };

  /** The search worker (up) prepares for the game of `state`, with no time budget, once; settles when it has. */
  function prepareFor(state) {
    if (!warm.has(state.game)) {
      const entry = { done: false };
      entry.prepared = searcher.send("prepare", [state], null)
        .catch(() => {}) // (refused, say for a record: the game's first search there is made cold)
        .then(() => (entry.done = true));
      warm.set(state.game, entry);
    }
    return warm.get(state.game).prepared;
  }

  /** Ends every search running or waiting: each is answered "cancelled". A search on the search worker stops
   *  at once (the worker is ended, and another started); one the engine's worker runs (before the search
   *  worker was up) ends within its budget, and its answer is dropped. */
  engine.cancelSearches = () => {
    main.cancelSearches();
    if (searchWorker) {
      searchWorker.terminate();
      searcher?.cancelSearches(true);
      searcher = null;
      warm.clear();
      startSearcher();
    }
  };
  /** The time budget of every call from now on (tests: a long search to watch, then cancel). */
  engine.budget = budget;
  /** Settles once the search worker is up (started now if need be), and has prepared for the game of `state`
   *  when one is given: the searches asked after it go to that worker. */
  engine.searchReady = (state) => {
    globalThis.wortwurfOneWorker = false;
    searchSoon(true);
    return searchReady.then(() => state && searcher && prepareFor(state)); // (none while one starts again)
  };

  return { ready, engine };
}
