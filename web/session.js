// The game in progress: its record (what is saved), its state and view (what
// is drawn) and its log. Every change goes through the engine, and the record
// is saved after every action, so a reload resumes exactly where play was.

function randomSeed() {
  const [high, low] = crypto.getRandomValues(new Uint32Array(2));
  return (high & 0x1fffff) * 2 ** 32 + low; // 53 bits: exact in JavaScript and Python
}

export function createSession(engine, storage, onChange) {
  let current = null; // {record, state, view, log, screen}

  async function show(record, state, log) {
    const view = await engine("view", state, null);
    current = { record, state, view, log };
    storage.saveGame({ record });
    onChange(current);
    return current;
  }

  return {
    get current() {
      return current;
    },
    async start(game, players, options) {
      const state = await engine("new_game", game, players, options, randomSeed());
      const record = await engine("record_of", state);
      return show(record, state, [state.events]);
    },
    /** Rebuild the saved game; an engine error (a damaged save) propagates to the caller. */
    async resume(record) {
      const { state, log } = await engine("replay", record);
      return show(record, state, log);
    },
    async act(action) {
      const state = await engine("apply", current.state, action);
      const record = { ...current.record, actions: [...current.record.actions, action] };
      return show(record, state, [...current.log, state.events]);
    },
    async undo() {
      const { record, state, log } = await engine("undo", current.record);
      return show(record, state, log);
    },
    /** The view after `action`, without keeping it: live figures while choosing. */
    async preview(action) {
      return engine("view", await engine("apply", current.state, action), null);
    },
    /** Forget a game's save (and the game on screen, if it is that one). */
    clear(game) {
      if (current?.record.game === game) current = null;
      storage.clearGame(game);
    },
  };
}
