// What is kept on this device: the language and the record of the game in
// progress (the engine rebuilds and checks the game from it on load).

const KEY_LANGUAGE = "wortwurf:language";
const KEY_GAME = "wortwurf:game";
const KEY_SCREEN = "wortwurf:screen";
const KEY_BEST_SOLO = "wortwurf:forgetit:best-solo";

function read(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null; // storage disabled: play on without saving
  }
}

function write(key, value) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // full or disabled storage must not stop the game
  }
}

export const storage = {
  language: () => read(KEY_LANGUAGE),
  setLanguage: (lang) => write(KEY_LANGUAGE, lang),
  /** The saved game as {record, screen}; null if none; throws SyntaxError if unreadable. */
  game() {
    const text = read(KEY_GAME);
    if (text === null) return null;
    const saved = JSON.parse(text);
    if (!saved || typeof saved !== "object" || !saved.record) throw new SyntaxError("not a saved game");
    return saved;
  },
  screen: () => read(KEY_SCREEN),
  setScreen: (name) => write(KEY_SCREEN, name),
  /** The best solo FOR-GET-IT score on this device: {points, seed} or null. */
  bestSolo() {
    try {
      const best = JSON.parse(read(KEY_BEST_SOLO));
      return Number.isInteger(best?.points) ? best : null;
    } catch {
      return null;
    }
  },
  setBestSolo: (best) => write(KEY_BEST_SOLO, JSON.stringify(best)),
  saveGame: (saved) => write(KEY_GAME, JSON.stringify(saved)),
  clearGame: () => write(KEY_GAME, null),
};
