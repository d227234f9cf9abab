// Wires the page together: language, the engine worker, the saved game, the
// screens. Rules and scores live in the engine; this file only routes.

import { EngineError, startEngine } from "./engine.js";
import { errorText, setLanguage, t } from "./i18n.js";
import { storage } from "./storage.js";
import { createSession } from "./session.js";
import { createForgetitScreen } from "./forgetit.js";
import { createDictionaryScreen } from "./dictionary.js";

const $ = (id) => document.getElementById(id);
const SCREENS = ["menu", "setup", "forgetit", "rules", "about", "dictionary"];
const MAX_PLAYERS = 8;
const MAX_NAME = 24;

function show(name) {
  for (const id of SCREENS) $(id).hidden = id !== name;
  storage.setScreen(name);
  const heading = $(name).querySelector("h2");
  heading.tabIndex = -1;
  heading.focus({ preventScroll: true });
  window.scrollTo(0, 0);
  if (name === "menu") $("menu").querySelector('[data-action="resume"]').hidden = !session.current || session.current.view.over;
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

const session = createSession(engine, storage, (current) => forgetit.render(current));
const forgetit = createForgetitScreen({ session, storage, report });
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
  remove.addEventListener("click", () => {
    if ($("player-list").children.length > 1) li.remove();
    labelPlayers();
  });
  li.append(input, remove);
  return li;
}

function labelPlayers() {
  [...$("player-list").children].forEach((li, i) => {
    const [input, remove] = li.children;
    input.setAttribute("aria-label", t("setup.player", { n: i + 1 }));
    input.placeholder = t("setup.default", { n: i + 1 });
    remove.setAttribute("aria-label", t("setup.remove", { name: input.value || t("setup.default", { n: i + 1 }) }));
  });
  document.querySelector('[data-action="add-player"]').disabled = $("player-list").children.length >= MAX_PLAYERS;
}

function openSetup() {
  if (!$("player-list").children.length) $("player-list").append(playerRow(), playerRow());
  labelPlayers();
  $("setup-error").hidden = true;
  show("setup");
}

async function startGame(event) {
  event.preventDefault();
  const names = [...$("player-list").querySelectorAll("input")].map(
    (input, i) => input.value.trim() || t("setup.default", { n: i + 1 }),
  );
  const submit = $("setup-form").querySelector('[type="submit"]');
  submit.disabled = true;
  try {
    await ready;
    await session.start("forgetit", names, { physical: $("opt-physical").checked });
    show("forgetit");
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

const ACTIONS = {
  home: () => show("menu"),
  setup: openSetup,
  resume: () => show("forgetit"),
  rules: () => {
    fillProse("rules-text", "rules.body");
    show("rules");
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
    if ($("player-list").children.length < MAX_PLAYERS) $("player-list").append(playerRow());
    labelPlayers();
    $("player-list").lastElementChild.querySelector("input").focus();
  },
};

document.addEventListener("click", (event) => {
  const target = event.target.closest("[data-action]");
  if (target && ACTIONS[target.dataset.action]) ACTIONS[target.dataset.action]();
  const lang = event.target.closest("[data-lang]");
  if (lang) {
    setLanguage(lang.dataset.lang);
    storage.setLanguage(lang.dataset.lang);
    labelPlayers();
    forgetit.relabel();
    dictionary.relabel();
    if (!$("rules").hidden) fillProse("rules-text", "rules.body");
    if (!$("about").hidden) fillProse("about-text", "about.body");
  }
});
$("setup-form").addEventListener("submit", startGame);
$("player-list").addEventListener("input", labelPlayers);

// --- start-up: resume the saved game, or recover from a damaged one -------------

async function resumeSaved() {
  let saved;
  try {
    saved = storage.game();
  } catch {
    saved = { record: null }; // unreadable: the engine refuses it below like any damaged save
  }
  await ready;
  $("loading").hidden = true;
  if (!saved) return;
  try {
    await session.resume(saved.record);
  } catch (error) {
    if (!(error instanceof EngineError)) throw error;
    session.clear();
    notice(t("notice.corrupt"));
    show("menu");
    return;
  }
  show(storage.screen() === "forgetit" ? "forgetit" : "menu");
}

resumeSaved().catch((error) => {
  $("loading-text").textContent = t("loading.failed");
  console.error(error);
});

// The offline cache fills only after Python is up, so it never slows the first boot.
ready.then(() => {
  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.register("./sw.js").catch((error) => console.warn("offline cache unavailable:", error));
  }
});
forgetit.relabel();
