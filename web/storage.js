// What is kept on this device: the language, the record of each game in
// progress (the engine rebuilds and checks a game from it on load), the screen
// last open and each game's best solo score.

const KEY_LANGUAGE = "wortwurf:language";
const KEY_SCREEN = "wortwurf:screen";
const keyGame = (game) => `wortwurf:game:${game}`;
const keyBestSolo = (game) => `wortwurf:${game}:best-solo`;
const KEY_COLLECTION = "wortwurf:frigiti:dictionary";

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
  /** The saved game of one kind as {record}; null if none; throws SyntaxError if unreadable. */
  game(game) {
    const text = read(keyGame(game));
    if (text === null) return null;
    const saved = JSON.parse(text);
    if (!saved || typeof saved !== "object" || !saved.record) throw new SyntaxError("not a saved game");
    return saved;
  },
  screen: () => read(KEY_SCREEN),
  setScreen: (name) => write(KEY_SCREEN, name),
  /** A game's best solo score on this device: {points, seed} or null. */
  bestSolo(game) {
    try {
      const best = JSON.parse(read(keyBestSolo(game)));
      return Number.isInteger(best?.points) ? best : null;
    } catch {
      return null;
    }
  },
  setBestSolo: (game, best) => write(keyBestSolo(game), JSON.stringify(best)),
  /** The Frigiti dictionary as stored (checked by the engine before use), or null. */
  collection() {
    try {
      return JSON.parse(read(KEY_COLLECTION));
    } catch {
      return null;
    }
  },
  setCollection: (collection) => write(KEY_COLLECTION, JSON.stringify(collection)),
  saveGame: (saved) => write(keyGame(saved.record.game), JSON.stringify(saved)),
  clearGame: (game) => write(keyGame(game), null),
};
