// What is kept on this device. What players made (each game's saved record,
// the Frigiti dictionary, the solo records) lives in IndexedDB, one store of
// key → value; the language and the screen last open, preferences read before
// anything is drawn, stay in localStorage.
//
// Every write of what players made is checked: a failed one rejects with a
// StorageError that the page words, and IndexedDB's transactions make a write
// all or nothing, so a failure leaves the last good value in place. A saved
// game also carries a revision: a tab writes only over the revision it read or
// wrote itself, so a second tab can never silently overwrite a game.

const KEY_LANGUAGE = "wortwurf:language";
const KEY_SCREEN = "wortwurf:screen";
const DATABASE = "wortwurf";
const STORE = "kept";
const keyGame = (game) => `game:${game}`;
const keyBestSolo = (game) => `best-solo:${game}`;
const keyRecord = (name) => `record:${name}`;
const KEY_COLLECTION = "frigiti:dictionary";
const LEGACY_GAMES = ["forgetit", "dicewords", "frigiti", "typdom"]; // the games saved in localStorage before
// Where saves lived before IndexedDB (localStorage key → store key); moved once, then removed.
const LEGACY = Object.fromEntries([
  ...LEGACY_GAMES.map((game) => [`wortwurf:game:${game}`, keyGame(game)]),
  ...LEGACY_GAMES.map((game) => [`wortwurf:${game}:best-solo`, keyBestSolo(game)]),
  ["wortwurf:frigiti:dictionary", KEY_COLLECTION],
]);

/** A write that did not happen. `reason`: "full", "conflict" (another tab saved since), or "unavailable". */
export class StorageError extends Error {
  constructor(reason, cause) {
    super(`not saved (${reason}): ${cause?.message ?? cause ?? ""}`);
    this.reason = reason;
  }
}

function readPreference(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null; // storage disabled: the default is as good
  }
}

function writePreference(key, value) {
  try {
    localStorage.setItem(key, value);
  } catch {
    // a preference not kept costs nothing a player made
  }
}

/** Settings read before anything is drawn (kept in localStorage; losing one costs nothing a player made). */
export const preferences = {
  language: () => readPreference(KEY_LANGUAGE),
  setLanguage: (lang) => writePreference(KEY_LANGUAGE, lang),
  screen: () => readPreference(KEY_SCREEN),
  setScreen: (name) => writePreference(KEY_SCREEN, name),
};

function asStorageError(error) {
  if (error instanceof StorageError) return error;
  return new StorageError(error?.name === "QuotaExceededError" ? "full" : "unavailable", error);
}

function openDatabase() {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DATABASE, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/** Run `work(store, step)` in one transaction; resolves with what it returned (an IDBRequest: its result)
 *  once the transaction has committed, rejects with a StorageError if it did not. Callbacks of requests
 *  run through `step(fn)`: an error thrown there (a full store, or a StorageError of ours) aborts the
 *  transaction and is what it rejects with. */
function transaction(db, mode, work) {
  return new Promise((resolve, reject) => {
    let tx;
    let outcome;
    let failure = null;
    const step = (fn) => () => {
      try {
        fn();
      } catch (error) {
        failure = error;
        tx.abort();
      }
    };
    try {
      tx = db.transaction(STORE, mode, { durability: "strict" });
      outcome = work(tx.objectStore(STORE), step);
    } catch (error) {
      tx?.abort();
      reject(asStorageError(error));
      return;
    }
    tx.oncomplete = () => resolve(outcome instanceof IDBRequest ? outcome.result : outcome);
    tx.onabort = () => reject(asStorageError(failure ?? tx.error));
  });
}

/** Whether a value left in localStorage is newer than the one stored under the same key. Both can be there
 *  when a tab of a build from before IndexedDB played on after the move: its game then continues the stored
 *  deal with more actions, its solo record has more points, its dictionary more words. */
function legacyIsNewer(legacy, stored) {
  const deal = ({ actions, ...rest } = {}) => JSON.stringify(rest);
  if (stored?.record) {
    return deal(legacy?.record) === deal(stored.record) && legacy.record.actions?.length > stored.record.actions.length;
  }
  if (Number.isInteger(stored?.points)) return legacy?.points > stored.points;
  return Array.isArray(stored?.words) && legacy?.words?.length > stored.words.length;
}

/** Move the saves kept in localStorage before IndexedDB into it, once: where the store holds the key too, the
 *  newer value stays there and the other is set aside ("older:<key>:<time>"), so neither is lost. */
async function moveLegacy(db) {
  const found = Object.keys(LEGACY).filter((key) => readPreference(key) !== null);
  if (!found.length) return;
  await transaction(db, "readwrite", (store, step) => {
    for (const key of found) {
      const text = readPreference(key);
      let value;
      try {
        value = JSON.parse(text);
      } catch {
        value = text; // damaged: moved as it is, and reported when its game is opened
      }
      const read = store.get(LEGACY[key]);
      read.onsuccess = step(() => {
        const stored = read.result;
        const content = (saved) => JSON.stringify(saved?.record ?? saved); // (a game's revision is no content)
        if (stored !== undefined && content(stored) === content(value)) return;
        const newer = stored === undefined || legacyIsNewer(value, stored);
        if (stored !== undefined) store.put(newer ? stored : value, `older:${LEGACY[key]}:${Date.now()}`);
        if (newer) store.put(value, LEGACY[key]);
      });
    }
  });
  for (const key of found) localStorage.removeItem(key);
}

export async function openStorage() {
  let db = null;
  try {
    db = await openDatabase();
    await moveLegacy(db);
  } catch (error) {
    console.warn("no IndexedDB: nothing can be saved", error);
  }
  const best = {}; // the solo records, read once: the end of a game shows them at once
  if (db) {
    await transaction(db, "readonly", (store) => {
      const read = store.openCursor(IDBKeyRange.bound(keyBestSolo(""), keyBestSolo("\uffff")));
      read.onsuccess = () => {
        const cursor = read.result;
        if (!cursor) return;
        const { points, seconds } = cursor.value ?? {};
        if (Number.isInteger(points) || Number.isFinite(seconds)) best[cursor.key.slice(keyBestSolo("").length)] = cursor.value;
        cursor.continue();
      };
    });
    navigator.storage?.persist?.().catch(() => {}); // a request: the browser may refuse
  }

  const get = (key) => (db ? transaction(db, "readonly", (store) => store.get(key)) : Promise.resolve(undefined));
  function put(key, value) {
    if (!db) return Promise.reject(new StorageError("unavailable"));
    return transaction(db, "readwrite", (store) => store.put(value, key));
  }

  /** Move what `key` holds, as it is, to a key of its own ("<why>:<key>:<time>"), in one transaction. */
  async function setAside(key, why = "damaged") {
    if (!db) return;
    await transaction(db, "readwrite", (store, step) => {
      const read = store.get(key);
      read.onsuccess = step(() => {
        if (read.result === undefined) return;
        store.put(read.result, `${why}:${key}:${Date.now()}`);
        store.delete(key);
      });
    });
  }

  return {
    available: Boolean(db),
    /** The saved game of one kind as {record, revision}; null if none; throws SyntaxError if unreadable. */
    async game(game) {
      const saved = await get(keyGame(game));
      if (saved === undefined) return null;
      if (!saved || typeof saved !== "object" || !saved.record || typeof saved.record !== "object") {
        throw new SyntaxError("not a saved game");
      }
      return saved;
    },
    /** Save `record` over `revision` (null: over no save); resolves with the new revision. Rejects with
     *  StorageError "conflict", writing nothing, if the save holds another revision (another tab saved). */
    saveGame(record, revision) {
      if (!db) return Promise.reject(new StorageError("unavailable"));
      const next = String(crypto.getRandomValues(new Uint32Array(4)).join("-")); // (randomUUID needs https)
      return transaction(db, "readwrite", (store, step) => {
        const read = store.get(keyGame(record.game));
        read.onsuccess = step(() => {
          if ((read.result?.revision ?? null) !== revision) throw new StorageError("conflict");
          store.put({ record, revision: next, saved: Date.now() }, keyGame(record.game));
        });
      }).then(() => next);
    },
    /** A save this build cannot open, kept as it is: "damaged", or "newer" (from a newer Wortwurf). */
    setAsideGame: (game, why) => setAside(keyGame(game), why),

    /** A game's best solo score on this device: {points, seed, top} (`top`: the best few, best first, each
     *  {points, seed, date}; older records have none) or, for a race, {seconds, seed}; null if none. */
    bestSolo: (game) => best[game] ?? null,
    /** Keep a new record (shown at once; a failed write rejects, to be said out loud). */
    setBestSolo(game, record) {
      best[game] = record;
      return put(keyBestSolo(game), record);
    },

    /** A game's own record beside its saves (Presto's puzzles of the day), as stored, or null. */
    record: async (name) => (await get(keyRecord(name))) ?? null,
    /** Keep it (a failed write rejects, to be said out loud). */
    setRecord: (name, value) => put(keyRecord(name), value),

    /** The Frigiti dictionary as stored (the engine checks it before use), or null. */
    collection: async () => (await get(KEY_COLLECTION)) ?? null,
    setCollection: (collection) => put(KEY_COLLECTION, collection),
    /** Keep an unreadable dictionary aside, so that no import replaces it. */
    setAsideCollection: () => setAside(KEY_COLLECTION),
    /** Bytes the store may still take, or Infinity where the browser does not say. */
    async room() {
      const estimate = await navigator.storage?.estimate?.().catch(() => null);
      return estimate?.quota ? estimate.quota - (estimate.usage ?? 0) : Infinity;
    },
  };
}
