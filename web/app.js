// Wires the page together: language, the engine worker, the saved game, the
// screens. Rules and scores live in the engine; this file only routes.

import { EngineError, startEngine } from "./engine.js";
import { errorText, setLanguage, t } from "./i18n.js";
import { openStorage, preferences, StorageError } from "./storage.js";
import { createSession, OpenElsewhere, Stale } from "./session.js";
import { createForgetitScreen } from "./forgetit.js";
import { createDicewordsScreen } from "./dicewords.js";
import { createFrigitiScreen } from "./frigiti.js";
import { createTypdomScreen } from "./typdom.js";
import { createCollectionScreen } from "./collection.js";
import { createDictionaryScreen } from "./dictionary.js";

const $ = (id) => document.getElementById(id);
const GAMES = ["forgetit", "dicewords", "frigiti", "typdom"]; // the playable games; each has a screen of its own id
const SCREENS = ["menu", "setup", "rules", "about", "dictionary", "collection", ...GAMES];
const TABLE_SIZE = { frigiti: 4 }; // rows the setup starts with (the engine checks the numbers)
const MOST_PLAYERS = { frigiti: 6, typdom: 5 }; // rows the setup offers (likewise)
const SEATS = new Set(["dicewords", "forgetit", "typdom"]); // games whose seats may be computer players (0 a person, else a strength)
const MAX_PLAYERS = 8;
const MAX_NAME = 24; // characters as a person sees them (the engine counts the same way)
let setupGame = "forgetit"; // the game the setup and rules screens are about

function show(name) {
  for (const id of SCREENS) $(id).hidden = id !== name;
  preferences.setScreen(name);
  const heading = $(name).querySelector("h2");
  heading.tabIndex = -1;
  heading.focus({ preventScroll: true });
  window.scrollTo(0, 0);
  if (name === "menu") showResumeButtons();
}

/** "Continue" on every game card with a saved game (or the one in play). */
async function showResumeButtons() {
  const saved = await storage.savedGames().catch(() => []);
  for (const button of $("menu").querySelectorAll('[data-action="resume"]')) {
    button.hidden = !saved.includes(button.dataset.game) && session.current?.record.game !== button.dataset.game;
  }
}

function notice(text) {
  $("notice").textContent = text;
  $("notice").hidden = !text;
}

/** Words for a write that did not happen. */
const storageText = (error) => t(`notice.storage.${error.reason}`);

/** Show an engine or storage error in words; a Stale answer needs none; anything else is a bug and is
 *  rethrown. */
function report(error, region) {
  if (error instanceof Stale) return;
  if (error instanceof OpenElsewhere) return offerTakeOver(error.game);
  if (!(error instanceof EngineError || error instanceof StorageError)) throw error;
  const text = error instanceof StorageError ? storageText(error) : error.code === "crash" ? t("notice.crash") : errorText(error);
  if (error.code === "crash") console.error(error.message);
  if (region) region.textContent = text;
  else notice(text);
}

/** After every save of the game in play: say how many actions are not saved, until a save succeeds again. */
let unsavedShown = false;
function savedStatus({ unsaved, error }) {
  if (error) notice(t("notice.unsaved", { count: unsaved, reason: storageText(error) }));
  else if (unsavedShown) notice("");
  unsavedShown = Boolean(error);
}

/** Another tab took over the game in play: this tab leaves it (and never writes it again). */
function lostGame(game) {
  if (!$(game).hidden) show("menu");
  unsavedShown = false;
  notice(t("notice.taken", { game: t(`game.${game}`) }));
}

/** The game is open in another tab: take it over from there, or go back to the menu. */
function offerTakeOver(game) {
  const dialog = $("elsewhere");
  $("elsewhere-text").textContent = t("elsewhere.text", { game: t(`game.${game}`) });
  dialog.dataset.game = game;
  dialog.returnValue = "";
  dialog.showModal();
}

$("elsewhere").addEventListener("close", () => {
  const dialog = $("elsewhere");
  if (dialog.returnValue === "take") resume(dialog.dataset.game, true).catch(report);
  else show("menu");
});

// --- loading ------------------------------------------------------------------

setLanguage(preferences.language() || (navigator.language.startsWith("de") ? "de" : "en"));

const STAGES = { runtime: 1, rules: 2 };
const { ready, engine } = startEngine((stage) => {
  $("loading-bar").value = STAGES[stage];
  $("loading-text").dataset.i18n = `loading.${stage}`;
  $("loading-text").textContent = t(`loading.${stage}`);
});

ready.then(() => performance.mark("wortwurf-ready"));

const opening = openStorage();
const loaded = Promise.all([ready, opening]).then(() => {}); // the hook's `ready`: Python and the saves

// --- the automation hook (design: window.wortwurf) -----------------------------

/** Engine errors through the hook carry the translated text as their message. */
function translated(error) {
  if (error instanceof EngineError && error.code !== "crash") error.message = errorText(error);
  throw error;
}

// Defined before the saves are opened (the page's scripts and tests may look for it at once); every call but
// `ready` is for after `ready`.
window.wortwurf = {
  ready: loaded,
  engine: (name, ...args) => engine(name, ...args).catch(translated),
  /** Play an action in the game on screen, exactly as a tap would. */
  act: (action) => session.act(action).catch(translated),
  /** The game on screen: {record, state, view, log}, a copy. */
  game: () => structuredClone(session.current),
  /** Where a TYP-DOM table cell is on the page: {x, y}. */
  tablePoint: (row, col) => screens.typdom.tablePoint(row, col),
};

const storage = await opening;
if (!storage.available) notice(t("notice.storage.unavailable"));
const session = createSession({
  engine,
  storage,
  onChange: (current) => screens[current.record.game].render(current),
  onSaved: savedStatus,
  onLost: lostGame,
});
const screens = {
  forgetit: createForgetitScreen({ session, storage, report, engine }),
  dicewords: createDicewordsScreen({ session, storage, report, engine }),
  frigiti: createFrigitiScreen({ session, storage, report, engine }),
  typdom: createTypdomScreen({ session, storage, report, engine }),
};
const collection = createCollectionScreen({ engine, ready, storage, report });
const dictionary = createDictionaryScreen({ engine, ready, report });

// --- menu, setup, rules, about -------------------------------------------------

function playerRow(name = "") {
  const li = document.createElement("li");
  const input = document.createElement("input");
  input.type = "text";
  input.autocomplete = "off";
  input.value = name;
  const remove = document.createElement("button");
  remove.type = "button";
  remove.className = "remove";
  remove.textContent = "×";
  const seat = document.createElement("select");
  seat.className = "seat";
  seat.append(...[0, 1, 2, 3].map((strength) => new Option("", String(strength))));
  remove.addEventListener("click", () => {
    if ($("player-list").children.length > 1) li.remove();
    labelPlayers();
  });
  li.append(input, seat, remove);
  return li;
}

function labelPlayers() {
  [...$("player-list").children].forEach((li, i) => {
    const [input, seat, remove] = li.children;
    input.setAttribute("aria-label", t("setup.player", { n: i + 1 }));
    seat.hidden = !SEATS.has(setupGame);
    seat.setAttribute("aria-label", t("setup.seat", { name: input.value || t("setup.default", { n: i + 1 }) }));
    for (const option of seat.options) {
      option.textContent = t(option.value === "0" ? "setup.seat.0" : `setup.seat.${setupGame}.${option.value}`);
    }
    input.placeholder = t("setup.default", { n: i + 1 });
    remove.setAttribute("aria-label", t("setup.remove", { name: input.value || t("setup.default", { n: i + 1 }) }));
  });
  document.querySelector('[data-action="add-player"]').disabled = $("player-list").children.length >= (MOST_PLAYERS[setupGame] ?? MAX_PLAYERS);
}

function openSetup(game) {
  setupGame = game;
  while ($("player-list").children.length < (TABLE_SIZE[game] ?? 2)) $("player-list").append(playerRow());
  labelPlayers();
  labelSetup();
  for (const part of $("setup-form").querySelectorAll("[data-for]")) part.hidden = !part.dataset.for.split(" ").includes(game);
  $("setup-error").hidden = true;
  show("setup");
}

function labelSetup() {
  $("setup-title").textContent = t(`setup.title.${setupGame}`);
  $("setup-players").textContent = t(["frigiti", "typdom"].includes(setupGame) ? `setup.players.${setupGame}` : "setup.players.any");
}

/** The `computer` option when any seat is a computer player. */
function computerSeats() {
  const seats = [...$("player-list").querySelectorAll("select.seat")].map((select) => Number(select.value));
  return seats.some(Boolean) ? { computer: seats } : {};
}

/** The options the setup form gives for the game being set up; the engine checks them. */
function chosenOptions(game) {
  if (game === "frigiti") return { language: $("opt-language").value };
  if (game === "typdom") {
    const variant = $("opt-variant").value;
    return {
      variant,
      ...(variant === "point" ? { hand: $("opt-hand").value.split(",").map(Number) } : {}),
      deals: Number($("opt-deals").value),
      verb_forms: $("opt-verb-forms").checked,
      names: $("opt-names").checked,
      ...computerSeats(),
    };
  }
  const physical = $("opt-physical").checked;
  if (game === "forgetit") return { physical, ...computerSeats() };
  return {
    physical,
    target: Number($("opt-target").value),
    locked_keeps: $("opt-locked").checked,
    timer: $("opt-timer").checked,
    ...computerSeats(),
  };
}

async function startGame(event) {
  event.preventDefault();
  const names = [...$("player-list").querySelectorAll("input")].map(
    (input, i) => input.value.trim() || t("setup.default", { n: i + 1 }),
  );
  const submit = $("setup-form").querySelector('[type="submit"]');
  const game = setupGame;
  submit.disabled = true;
  try {
    await started; // saved games are checked first, so none of them replaces this one
    await session.start(game, names, chosenOptions(game));
    if (session.current?.record.game === game) show(game); // (unless another tab took it at once)
  } catch (error) {
    if (error instanceof OpenElsewhere) return offerTakeOver(game);
    $("setup-error").hidden = false;
    report(error, $("setup-error"));
  } finally {
    submit.disabled = false;
  }
}

function fillProse(id, key) {
  $(id).replaceChildren(
    ...t(key).map((text) => {
      const p = document.createElement("p");
      p.textContent = text;
      return p;
    }),
  );
}

function showRules() {
  $("rules-title").textContent = t(`rules.title.${setupGame}`);
  fillProse("rules-text", `rules.body.${setupGame}`);
}

/** Open a game's saved play (already on screen, or rebuilt from its save; `takeOver` from another tab). */
async function resume(game, takeOver = false) {
  if (session.current?.record.game !== game) {
    await started;
    if (!(await resumeSaved(game, takeOver))) return show("menu");
  } else {
    screens[game].render(session.current); // back from the menu: nothing private stays open
  }
  show(game);
}

/** Rebuild a game from its save (or only check it); a damaged save is set aside with a notice. True if it
 *  is sound. */
async function resumeSaved(game, takeOver = false, open = true) {
  try {
    return Boolean(await (open ? session.resume(game, takeOver) : session.check(game).then(() => true)));
  } catch (error) {
    if (error instanceof OpenElsewhere) {
      offerTakeOver(game);
      return false;
    }
    if (!(error instanceof EngineError || error instanceof SyntaxError)) throw error;
    if (error.code === "crash") {
      notice(t("notice.crash")); // our bug, not a damaged save: keep it
      return false;
    }
    await session.setAside(game);
    notice(t("notice.corrupt"));
    return false;
  }
}

const ACTIONS = {
  home: () => show("menu"),
  setup: (button) => openSetup(button.dataset.game),
  resume: (button) => resume(button.dataset.game).catch(report),
  rules: (button) => {
    setupGame = button.dataset.game;
    showRules();
    show("rules");
  },
  collection: () => {
    show("collection");
    collection.open().catch((error) => report(error));
  },
  dictionary: () => {
    show("dictionary");
    $("dictionary-word").focus();
  },
  about: () => {
    fillProse("about-text", "about.body");
    show("about");
  },
  "add-player": () => {
    if ($("player-list").children.length < (MOST_PLAYERS[setupGame] ?? MAX_PLAYERS)) $("player-list").append(playerRow());
    labelPlayers();
    $("player-list").lastElementChild.querySelector("input").focus();
  },
};

document.addEventListener("click", (event) => {
  const target = event.target.closest("[data-action]");
  if (target && ACTIONS[target.dataset.action]) ACTIONS[target.dataset.action](target);
  const lang = event.target.closest("[data-lang]");
  if (lang) {
    setLanguage(lang.dataset.lang);
    preferences.setLanguage(lang.dataset.lang);
    labelPlayers();
    labelSetup();
    for (const screen of Object.values(screens)) screen.relabel();
    dictionary.relabel();
    collection.relabel();
    if (!$("rules").hidden) showRules();
    if (!$("about").hidden) fillProse("about-text", "about.body");
  }
});
$("setup-form").addEventListener("submit", startGame);
$("player-list").addEventListener("input", (event) => {
  keepNameShort(event.target);
  labelPlayers();
});

/** Cut a name at MAX_NAME characters as a person sees them: an emoji family or an accented letter is one. */
function keepNameShort(input) {
  if (!(input instanceof HTMLInputElement) || !("Segmenter" in Intl)) return;
  const characters = [...new Intl.Segmenter().segment(input.value)];
  if (characters.length > MAX_NAME) input.value = characters.slice(0, MAX_NAME).map((c) => c.segment).join("");
}

// --- start-up: resume the game on screen, or recover from a damaged save ------------

async function start() {
  await ready;
  $("loading").hidden = true;
  const screen = preferences.screen();
  // Every save is checked now, so a damaged one is reported at once; the game last on screen is opened.
  for (const game of GAMES.filter((g) => g !== screen)) await resumeSaved(game, false, false);
  const open = GAMES.includes(screen) && (await resumeSaved(screen));
  if (!$("elsewhere").open) show(open ? screen : "menu");
}

const started = start().catch((error) => {
  $("loading-text").textContent = t("loading.failed");
  console.error(error);
});

// The offline cache fills only after Python is up, so it never slows the first boot.
ready.then(() => {
  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.register("./sw.js").catch((error) => console.warn("offline cache unavailable:", error));
  }
});
for (const screen of Object.values(screens)) screen.relabel();
