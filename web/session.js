// The game in progress: its record (what is saved), its state and view (what
// is drawn) and its log. Every change goes through the engine, and the record
// is saved after every action, so a reload resumes exactly where play was.
//
// Games never mix: an engine answer is applied only while the game it was asked
// for is still the one in play (a computer move that finishes after the table
// moved on is dropped as Stale); one tab owns a game at a time (a Web Lock per
// game, taken from another tab only when a person asks); and a save is written
// only over the revision this tab read or wrote (storage.js).

import { StorageError } from "./storage.js";

/** The game asked for is open in another tab; `takeOver` on a retry takes it from there. */
export class OpenElsewhere extends Error {
  constructor(game) {
    super(`${game} is open in another tab`);
    this.game = game;
  }
}

/** An answer for a game that is no longer the one in play: dropped, nothing to show. */
export class Stale extends Error {}

function randomSeed() {
  const [high, low] = crypto.getRandomValues(new Uint32Array(2));
  return (high & 0x1fffff) * 2 ** 32 + low; // 53 bits: exact in JavaScript and Python
}

/** Web Locks, one per game: held while this tab has the game in play; `onLost(game)` when another tab took it. */
function createOwnership(onLost) {
  const held = new Map(); // game → release()
  return {
    /** True once the lock is ours; false if another tab holds it (unless `takeOver`). */
    claim(game, takeOver = false) {
      if (held.has(game) || !navigator.locks) return Promise.resolve(true); // without locks, revisions still guard
      return new Promise((resolve) => {
        const mode = takeOver ? { steal: true } : { ifAvailable: true };
        navigator.locks
          .request(`wortwurf:game:${game}`, mode, (lock) => {
            if (!lock) return resolve(false);
            resolve(true);
            return new Promise((release) => held.set(game, release));
          })
          .catch((error) => {
            held.delete(game);
            if (error.name === "AbortError") onLost(game); // stolen: another tab plays this game now
            else resolve(true); // locks refused here (a sandboxed frame): revisions still guard
          });
      });
    },
    release(game) {
      held.get(game)?.();
      held.delete(game);
    },
  };
}

/** `onChange(current)` draws; `onSaved({unsaved, error})` after every save attempt; `onLost(game)` when
 *  another tab took over the game in play. */
export function createSession({ engine, storage, onChange, onSaved, onLost }) {
  // {record, state, view, log, kept}; `kept` is shared by every state of one game in play: the revision of
  // its save this tab read or last wrote, and how many of its actions that save holds
  let current = null;

  let saves = Promise.resolve(); // one save at a time, in the order the actions were played
  let opening = 0; // counts starts and resumes: only the latest may make its game the one in play

  /** This tab no longer owns the game of `kept`: forget it, and never write it again. */
  function lose(kept, game) {
    kept.lost = true;
    if (current?.kept === kept) current = null;
    onLost(game);
  }

  const ownership = createOwnership((game) => {
    if (current?.record.game === game) lose(current.kept, game);
  });

  /** Make `record` the game in play, unless `wanted()` says the answer came too late; then save it. */
  async function show(wanted, record, state, log, kept, save = true) {
    const view = await engine("view", state, null);
    if (!wanted()) throw new Stale();
    if (current && current.record.game !== record.game) ownership.release(current.record.game);
    current = { record, state, view, log, kept };
    onChange(current);
    if (save) {
      const saving = current;
      const job = saves.then(() => persist(saving));
      saves = job.catch(() => {});
      await job;
    }
    return current;
  }

  async function persist(saving) {
    if (saving.kept.lost) return;
    try {
      const { kept, record } = saving;
      kept.revision = await storage.saveGame(record, kept.revision);
      kept.actions = record.actions.length;
      onSaved({ unsaved: 0 });
    } catch (error) {
      if (!(error instanceof StorageError)) throw error;
      if (error.reason === "conflict") return lose(saving.kept, saving.record.game); // another tab saved it
      onSaved({ unsaved: Math.max(1, saving.record.actions.length - saving.kept.actions), error });
    }
  }

  /** Own `game` (or say it is open elsewhere) while `open()` makes it the game in play; a game that does not
   *  open is let go again. */
  async function owning(game, takeOver, open) {
    if (!(await ownership.claim(game, takeOver))) throw new OpenElsewhere(game);
    try {
      return await open();
    } finally {
      if (current?.record.game !== game) ownership.release(game);
    }
  }

  return {
    get current() {
      return current;
    },
    /** A new game in `game`'s place (its save, if any, is replaced); `seed` for a deal all must share (a
     *  puzzle of the day), else a fresh one; `table` what the page keeps beside the engine's record (the seats
     *  played on their own phones), saved with it. */
    start(game, players, options, takeOver = false, seed = randomSeed(), table = null) {
      const ticket = ++opening;
      return owning(game, takeOver, async () => {
        const state = await engine("new_game", game, players, options, seed);
        const record = { ...(await engine("record_of", state)), ...(table && { table }) };
        const replaced = await storage.game(game).catch(() => null); // (a damaged save is simply replaced)
        const kept = { revision: replaced?.revision ?? null, actions: 0 };
        return show(() => ticket === opening, record, state, [state.events], kept);
      });
    },
    /** Rebuild `game` from its save: null if there is none; a damaged save propagates (SyntaxError or the
     *  engine's corrupt_save) to the caller. */
    resume(game, takeOver = false) {
      const ticket = ++opening;
      return owning(game, takeOver, async () => {
        const saved = await storage.game(game);
        if (!saved) return null;
        if (saved.record.game !== game) throw new SyntaxError("a save in another game's place");
        const { state, log } = await engine("replay", saved.record);
        const kept = { revision: saved.revision ?? null, actions: saved.record.actions.length };
        return show(() => ticket === opening, saved.record, state, log, kept, false);
      });
    },
    /** Check a saved game without opening it: resolves if it replays, rejects as `resume` does. */
    async check(game) {
      const saved = await storage.game(game);
      if (saved && saved.record.game !== game) throw new SyntaxError("a save in another game's place");
      if (saved) await engine("replay", saved.record);
    },
    /** Play `action` in the game `base` (the one the caller drew); Stale if that game is no longer in play. */
    async act(action, base = current) {
      if (!base || current !== base) throw new Stale();
      const state = await engine("apply", base.state, action);
      const record = { ...base.record, actions: [...base.record.actions, action] };
      return show(() => current === base, record, state, [...base.log, state.events], base.kept);
    },
    /** Keep `action`, already applied by the engine to `base`'s state giving `state` (a guest phone's,
     *  checked and taken by `guest_request`); Stale if that game is no longer in play. */
    async played(action, state, base = current) {
      if (!base || current !== base) throw new Stale();
      const record = { ...base.record, actions: [...base.record.actions, action] };
      return show(() => current === base, record, state, [...base.log, state.events], base.kept);
    },
    async undo(base = current) {
      if (!base || current !== base) throw new Stale();
      const { record, state, log } = await engine("undo", base.record);
      return show(() => current === base, record, state, log, base.kept);
    },
    /** The view after `action`, without keeping it: live figures while choosing. */
    async preview(action) {
      return engine("view", await engine("apply", current.state, action), null);
    },
    /** Set a damaged save aside (and forget the game on screen, if it is that one). */
    async setAside(game, why) {
      if (current?.record.game === game) current = null;
      await storage.setAsideGame(game, why);
    },
  };
}
