// Wires the page together: language, the engine worker, the saved game, the
// screens. Rules and scores live in the engine; this file only routes.

import { EngineError, startEngine } from "./engine.js";
import { errorText, setLanguage, t } from "./i18n.js";
import { storage } from "./storage.js";
import { createSession } from "./session.js";
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
const MAX_NAME = 24;
let setupGame = "forgetit"; // the game the setup and rules screens are about

function show(name) {
  for (const id of SCREENS) $(id).hidden = id !== name;
  storage.setScreen(name);
  const heading = $(name).querySelector("h2");
  heading.tabIndex = -1;
  heading.focus({ preventScroll: true });
  window.scrollTo(0, 0);
  if (name === "menu") showResumeButtons();
}

/** "Continue" on every game card with a saved game. */
function showResumeButtons() {
  for (const button of $("menu").querySelectorAll('[data-action="resume"]')) {
    let saved = null;
    try {
      saved = storage.game(button.dataset.game);
    } catch {
      saved = null; // an unreadable save is reported when the game is opened
    }
    button.hidden = !saved;
  }
}

function notice(text) {
  $("notice").textContent = text;
  $("notice").hidden = !text;
}

/** Show an engine error in words; anything else is a bug and is rethrown. */
function report(error, region) {
  if (!(error instanceof EngineError)) throw error;
  const text = error.code === "crash" ? t("notice.crash") : errorText(error);
  if (error.code === "crash") console.error(error.message);
  if (region) region.textContent = text;
  else notice(text);
}

// --- loading ------------------------------------------------------------------

setLanguage(storage.language() || (navigator.language.startsWith("de") ? "de" : "en"));

const STAGES = { runtime: 1, rules: 2 };
const { ready, engine } = startEngine((stage) => {
  $("loading-bar").value = STAGES[stage];
  $("loading-text").dataset.i18n = `loading.${stage}`;
  $("loading-text").textContent = t(`loading.${stage}`);
});

ready.then(() => performance.mark("wortwurf-ready"));

const session = createSession(engine, storage, (current) => screens[current.record.game].render(current));
const screens = {
  forgetit: createForgetitScreen({ session, storage, report, engine }),
  dicewords: createDicewordsScreen({ session, storage, report, engine }),
  frigiti: createFrigitiScreen({ session, storage, report, engine }),
  typdom: createTypdomScreen({ session, storage, report, engine }),
};
const collection = createCollectionScreen({ engine, ready, storage, report });
const dictionary = createDictionaryScreen({ engine, ready, report });

// --- the automation hook (design: window.wortwurf) -----------------------------

/** Engine errors through the hook carry the translated text as their message. */
function translated(error) {
  if (error instanceof EngineError && error.code !== "crash") error.message = errorText(error);
  throw error;
}

window.wortwurf = {
  ready,
  engine: (name, ...args) => engine(name, ...args).catch(translated),
  /** Play an action in the game on screen, exactly as a tap would. */
  act: (action) => session.act(action).catch(translated),
  /** The game on screen: {record, state, view, log}, a copy. */
  game: () => structuredClone(session.current),
  /** Where a TYP-DOM table cell is on the page: {x, y}. */
  tablePoint: (row, col) => screens.typdom.tablePoint(row, col),
};

// --- menu, setup, rules, about -------------------------------------------------

function playerRow(name = "") {
  const li = document.createElement("li");
  const input = document.createElement("input");
  input.type = "text";
  input.maxLength = MAX_NAME;
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
    show(game);
  } catch (error) {
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

/** Open a game's saved play (already on screen, or rebuilt from its save). */
async function resume(game) {
  if (session.current?.record.game !== game) {
    await started;
    if (!(await resumeSaved(game))) return show("menu");
  } else {
    screens[game].render(session.current); // back from the menu: nothing private stays open
  }
  show(game);
}

/** Rebuild a game from its save; a damaged save is discarded with a notice. True if resumed. */
async function resumeSaved(game) {
  try {
    const saved = storage.game(game);
    if (!saved) return false;
    if (saved.record?.game !== game) throw new SyntaxError("a save in another game's place");
    await session.resume(saved.record);
    return true;
  } catch (error) {
    if (!(error instanceof EngineError || error instanceof SyntaxError)) throw error;
    if (error.code === "crash") {
      notice(t("notice.crash")); // our bug, not a damaged save: keep it
      return false;
    }
    session.clear(game);
    notice(t("notice.corrupt"));
    return false;
  }
}

const ACTIONS = {
  home: () => show("menu"),
  setup: (button) => openSetup(button.dataset.game),
  resume: (button) => resume(button.dataset.game),
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
    storage.setLanguage(lang.dataset.lang);
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
$("player-list").addEventListener("input", labelPlayers);

// --- start-up: resume the game on screen, or recover from a damaged save ------------

async function start() {
  await ready;
  $("loading").hidden = true;
  const screen = storage.screen();
  // Every save is checked now, so a damaged one is reported at once; the game last on screen comes last.
  for (const game of [...GAMES.filter((g) => g !== screen), ...GAMES.filter((g) => g === screen)]) {
    await resumeSaved(game);
  }
  show(session.current?.record.game === screen ? screen : "menu");
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
