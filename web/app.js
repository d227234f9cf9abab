// Wires the page together: language, the engine worker, the saved game, the
// screens. Rules and scores live in the engine; this file only routes.

import { EngineError, startEngine } from "./engine.js";
import { errorText, hasText, say, setLanguage, t } from "./i18n.js";
import { openStorage, preferences, StorageError } from "./storage.js";
import { createSession, OpenElsewhere, Stale } from "./session.js";
import { decimal } from "./common.js";
import { createDictionaryScreen } from "./dictionary.js";
import { createSetup } from "./setup.js";
import { createGenericScreen } from "./generic.js";
import { CATALOGUE, SCREENS } from "./games.js";
import { VERSIONS } from "./texts.js";
import { createTablePage } from "./table-page.js";
import { JOIN_PREFIX } from "./table.js";

const $ = (id) => document.getElementById(id);
const GAMES = CATALOGUE.map((game) => game.id); // each game's screen is the section of its id
let setupGame = GAMES[0]; // the game the setup and rules screens are about

/** The messages of a screen (or of every screen): what was said about a moment of play. */
const messagesIn = (where) => where.querySelectorAll(".message[role=status]");

function show(name) {
  for (const section of document.querySelectorAll("main > section.screen")) {
    if (section.id !== name && !section.hidden) for (const message of messagesIn(section)) say(message); // its moment is over
    section.hidden = section.id !== name;
  }
  preferences.setScreen(name);
  const heading = $(name).querySelector("h2");
  heading.tabIndex = -1;
  heading.focus({ preventScroll: true });
  window.scrollTo(0, 0);
  if (name === "menu") showResumeButtons();
  table.drawBar();
  keepScreenOn(GAMES.includes(name));
}

/** While a game is on screen the phone's screen stays on (a Screen Wake Lock, where there is one); the
 *  browser lets it go when the page is hidden, so it is taken again when the page is shown. */
let wakeLock = null;
async function keepScreenOn(on) {
  if (!on) return wakeLock?.release().then(() => (wakeLock = null));
  if (wakeLock || !navigator.wakeLock || document.visibilityState !== "visible") return undefined;
  wakeLock = await navigator.wakeLock.request("screen").catch(() => null);
  wakeLock?.addEventListener("release", () => (wakeLock = null));
  return undefined;
}
document.addEventListener("visibilitychange", () => keepScreenOn(GAMES.includes(preferences.screen())));

/** On every game card: "Continue" where a game is not over (saved, or the one in play): a finished game has
 *  nothing to continue; and its picture, showing that game as it stands, else the game's emblem. */
async function showResumeButtons() {
  for (const game of GAMES) {
    const card = $("game-cards").querySelector(`[data-game="${game}"]`);
    card.querySelector('[data-action="resume"]').hidden = !(await unfinishedSave(game));
    const view = await tableView(game).catch(() => null); // (a damaged save is reported when it is read)
    SCREENS[game]?.drawCard?.(card.querySelector(".card-picture"), view?.over ? null : view);
  }
}

const savedViews = new Map(); // game -> {revision, view}: a saved game replayed once per revision

/** The view of `game` in play or saved, as the whole table sees it (nothing private), or null if none. */
async function tableView(game) {
  if (session.current?.record.game === game) return session.current.view;
  const saved = await storage.game(game);
  if (!saved) return null;
  if (!savedViews.has(game) || savedViews.get(game).revision !== saved.revision) { // (a moved save has none)
    const { state } = await engine("replay", saved.record);
    savedViews.set(game, { revision: saved.revision, view: await engine("view", state, null) });
  }
  return savedViews.get(game).view;
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
  const [key, params] = error instanceof StorageError ? [`notice.storage.${error.reason}`, {}]
    : error.code === "crash" ? ["notice.crash", {}] : [`error.${error.code}`, error.params || {}];
  if (error.code === "crash") console.error(error.message);
  if (region) say(region, key, params);
  else notice(t(key, params));
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

// --- the menu: a card per game in the catalogue ------------------------------------

function button(action, key, game) {
  const element = Object.assign(document.createElement("button"), { type: "button" });
  element.dataset.action = action;
  element.dataset.i18n = key;
  if (game) element.dataset.game = game;
  return element;
}

/** A game's card: its name, what it is, and its buttons (with any the game's screen adds). */
function gameCard(game, extras) {
  const card = Object.assign(document.createElement("li"), { className: "game-card ready" });
  card.dataset.game = game;
  const name = document.createElement("h3");
  const about = document.createElement("p");
  if (hasText(`game.${game}`)) name.dataset.i18n = `game.${game}`;
  else name.textContent = game;
  if (hasText(`menu.${game}`)) about.dataset.i18n = `menu.${game}`;
  const actions = Object.assign(document.createElement("div"), { className: "card-actions" });
  const resume = button("resume", "menu.resume", game);
  resume.hidden = true;
  actions.append(resume, button("setup", "menu.new", game), button("rules", "menu.rules", game),
    ...extras.map((extra) => button(extra.action, extra.key, game)));
  const picture = Object.assign(document.createElement("div"), { className: "card-picture" });
  picture.setAttribute("aria-hidden", "true");
  card.append(name, picture, about, actions);
  return card;
}

$("game-cards").replaceChildren(...GAMES.map((game) => gameCard(game, SCREENS[game]?.MENU ?? [])));
for (const game of GAMES) SCREENS[game]?.drawCard?.($("game-cards").querySelector(`[data-game="${game}"] .card-picture`), null);

// --- loading ------------------------------------------------------------------

// The phone's language: the first of its languages that the page speaks (Safari gives one, Chromium and Firefox
// the person's list, German maybe after another); one that names neither (WebKitGTK with no locale says "C")
// gets English.
const spoken = [...(navigator.languages ?? []), navigator.language].find((tag) => /^(de|en)([-_]|$)/i.test(tag ?? ""));
setLanguage(preferences.language() || (/^de/i.test(spoken ?? "") ? "de" : "en"));

const megabytes = (bytes) => decimal(bytes / 1e6);
const { ready, engine } = startEngine(({ stage, received, total }) => {
  if (stage) {
    $("loading-text").dataset.i18n = `loading.${stage}`;
    $("loading-text").textContent = t(`loading.${stage}`);
  }
  if (total) { // the bar in bytes: what has arrived of what a start downloads
    $("loading-bar").max = total;
    $("loading-bar").value = Math.min(received, total);
    $("loading-bytes").textContent = t("loading.bytes", { received: megabytes(Math.min(received, total)), total: megabytes(total) });
  }
});

ready.then(() => performance.mark("wortwurf-ready"));

const opening = openStorage();
let markStarted;
const startedUp = new Promise((resolve) => (markStarted = resolve)); // `start` settled (the saves it reads checked)
window.addEventListener("error", () => markStarted(), { once: true }); // (a page that fails to start is ready to say so)
// The hook's `ready`: Python, the saves, and the start-up's reading of them (a save written sooner could be
// read by that start-up as well as by the next).
const loaded = Promise.all([ready, opening]).then(() => startedUp);

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
  engine: (name, ...args) => table.engine(name, ...args).catch(translated), // (a call on a guest's state asks the host)
  /** Play an action in the game on screen, exactly as a tap would (on a guest phone: sent to the host). */
  act: (action) => table.session.act(action).catch(translated),
  /** The game on screen: {record, state, view, log}, a copy (on a guest phone, its state is the host's, not
   *  here: `{remote: true}`). */
  game: () => structuredClone(table.session.current),
  /** Where a table cell of the game on screen is on the page: {x, y} (a game with a table). */
  tablePoint: (row, col) => screens[table.session.current.record.game].tablePoint(row, col),
  /** On a guest phone: send `text` to the host as it is (a test's hostile phone). */
  sendToHost: (text) => table.sendText(text),
  /** Every engine call's time budget from now on, in seconds (null: none, so a search answers as it does
   *  natively; a test compares it so, or watches a long one). */
  searchSeconds: (seconds) => {
    engine.budget.seconds = seconds;
  },
  /** Settles once the game on screen's searches run on a worker of their own (they go to the engine's until
   *  then). */
  searchReady: () => engine.searchReady(table.session.current?.state).then(() => true),
};

const storage = await opening;
if (!storage.available) notice(t("notice.storage.unavailable"));
const session = createSession({
  engine,
  storage,
  onChange: (current) => {
    engine.warmUp(current.state); // (its searches: a hint, an advice, a computer's move)
    render(current);
    table.host.open(current.record);
    table.host.changed(); // each phone at the table gets its seat's view
  },
  onSaved: savedStatus,
  onLost: lostGame,
});
/** Draw a game as it now stands: a move was played, so what was said about the moment before is over. */
function render(current) {
  for (const message of messagesIn($(current.record.game))) say(message);
  screens[current.record.game].render(current);
}

const table = createTablePage({
  engine, session, show, render, report,
  redraw: () => session.current && screens[session.current.record.game].relabel(),
});
const screenContext = { session: table.session, storage, report, engine: table.engine, ready, show, here: table.here, away: table.away };
const screens = Object.fromEntries(
  GAMES.map((game) => [game, SCREENS[game]?.createScreen(screenContext) ?? createGenericScreen(game, screenContext)]),
);
const dictionary = createDictionaryScreen({ engine, ready, report });
const setup = createSetup({ linkable: (game) => Boolean(SCREENS[game]?.GUEST) });

// --- menu, setup, rules, about -------------------------------------------------

function openSetup(game) {
  setupGame = game;
  setup.open(CATALOGUE.find((descriptor) => descriptor.id === game));
  show("setup");
}

async function startGame(event) {
  event.preventDefault();
  const { game, names, options, phones } = setup.chosen();
  const submit = $("setup-form").querySelector('[type="submit"]');
  submit.disabled = true;
  try {
    await started; // saved games are checked first, so none of them replaces this one
    const choice = (await unfinishedSave(game)) ? await askToReplace(game) : "new";
    if (choice === "resume") return await resume(game);
    if (choice !== "new") return;
    table.leave();
    await session.start(game, names, options, false, undefined, phones.length ? { phones } : null);
    if (session.current?.record.game === game) show(game); // (unless another tab took it at once)
  } catch (error) {
    if (error instanceof OpenElsewhere) return offerTakeOver(game);
    $("setup-error").hidden = false;
    report(error, $("setup-error"));
  } finally {
    submit.disabled = false;
  }
}

/** Whether `game` has a save that is not a finished game (the engine replays it to say; a damaged one counts:
 *  it is never replaced unasked). */
async function unfinishedSave(game) {
  try {
    const view = await tableView(game);
    return view !== null && !view.over;
  } catch {
    return true;
  }
}

/** Ask before a new game replaces a saved one: "resume", "new" or "back". */
function askToReplace(game) {
  const dialog = $("replace");
  $("replace-text").textContent = t("replace.text", { game: t(`game.${game}`) });
  dialog.returnValue = "";
  dialog.showModal();
  return new Promise((resolve) => dialog.addEventListener("close", () => resolve(dialog.returnValue), { once: true }));
}

function fillProse(id, key, params) {
  $(id).replaceChildren(
    ...t(key, params).map((text) => {
      const p = document.createElement("p");
      p.textContent = text;
      return p;
    }),
  );
}

function showRules() {
  const key = (part) => `rules.${part}.${setupGame}`;
  $("rules-title").textContent = hasText(key("title")) ? t(key("title")) : setupGame;
  fillProse("rules-text", hasText(key("body")) ? key("body") : "rules.none");
}

function showAbout() {
  fillProse("about-text", "about.body", VERSIONS);
}

/** Open a game's saved play (already on screen, or rebuilt from its save; `takeOver` from another tab). */
async function resume(game, takeOver = false) {
  table.leave(); // (a guest phone that opens a game of its own is no longer at another's table)
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
    const newer = error.code === "newer_save";
    await session.setAside(game, newer ? "newer" : "damaged");
    notice(t(newer ? "notice.newer" : "notice.corrupt", { game: t(`game.${game}`) }));
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
  dictionary: () => {
    show("dictionary");
    $("dictionary-word").focus();
  },
  about: () => {
    showAbout();
    show("about");
  },
  "add-player": () => setup.addPlayer(),
  join: () => table.openJoin(),
  rematch: (button) => rematch(button.dataset.game).catch(report),
};

/** The finished game again with the same people and options, on a new deal (nothing unfinished is replaced). */
async function rematch(game) {
  const { record } = session.current;
  await session.start(game, record.players, record.options);
  if (session.current?.record.game === game) show(game);
}

/** A button's action: the page's own, or one a game's screen adds (such as a card's extra button). */
function actionFor(target) {
  return ACTIONS[target.dataset.action] ?? screens[target.dataset.game]?.actions?.[target.dataset.action];
}

document.addEventListener("click", (event) => {
  const target = event.target.closest("[data-action]");
  if (target) actionFor(target)?.(target);
  const lang = event.target.closest("[data-lang]");
  if (lang) {
    setLanguage(lang.dataset.lang);
    preferences.setLanguage(lang.dataset.lang);
    setup.relabel();
    for (const screen of Object.values(screens)) screen.relabel();
    dictionary.relabel();
    if (!$("rules").hidden) showRules();
    if (!$("about").hidden) showAbout();
  }
});
$("setup-form").addEventListener("submit", startGame);

// --- start-up: resume the game on screen, or recover from a damaged save ------------

async function start() {
  await ready;
  $("loading").hidden = true;
  if (location.hash.startsWith(JOIN_PREFIX)) { // opened from a host's QR code: join its table
    const code = location.hash;
    history.replaceState(null, "", location.pathname); // (a reload does not join with a spent code)
    return table.openJoin(code);
  }
  if (table.offerRejoin()) return; // a phone that was at another phone's table, reloaded: it offers to rejoin
  const screen = preferences.screen();
  const onScreen = () => document.querySelector("main > section.screen:not([hidden])")?.id;
  const atLoad = onScreen();
  // Every save is checked now, so a damaged one is reported at once; the game last on screen is opened,
  // unless the person has gone elsewhere meanwhile (a setup opened while the saves were read stays open).
  for (const game of GAMES.filter((g) => g !== screen)) await resumeSaved(game, false, false);
  if (onScreen() !== atLoad) return;
  const open = GAMES.includes(screen) && (await resumeSaved(screen));
  if (!$("elsewhere").open && onScreen() === atLoad) show(open ? screen : "menu");
}

// A host's address opened in a tab that has Wortwurf open already: join its table.
window.addEventListener("hashchange", () => {
  if (!location.hash.startsWith(JOIN_PREFIX)) return;
  const code = location.hash;
  history.replaceState(null, "", location.pathname);
  started.then(() => table.openJoin(code));
});

const started = start().catch((error) => {
  $("loading-text").textContent = t("loading.failed");
  console.error(error);
}).then(markStarted);

// The offline cache fills only after Python is up, so it never slows the first boot. A new version installs
// beside the one in use and waits: the menu offers it, and only a tap there reloads into it, so no game in
// progress is interrupted (each is saved after every move anyway).
ready.then(async () => {
  if (!("serviceWorker" in navigator)) return;
  try {
    const registration = await navigator.serviceWorker.register("./sw.js");
    const offer = () => {
      if (registration.waiting && navigator.serviceWorker.controller) $("update").hidden = false;
    };
    offer();
    registration.addEventListener("updatefound", () => {
      const worker = registration.installing;
      worker?.addEventListener("statechange", () => worker.state === "installed" && offer());
    });
  } catch (error) {
    console.warn("offline cache unavailable:", error);
  }
});

$("update-now").addEventListener("click", async () => {
  const registration = await navigator.serviceWorker.getRegistration();
  if (!registration?.waiting) return;
  navigator.serviceWorker.addEventListener("controllerchange", () => location.reload(), { once: true });
  registration.waiting.postMessage({ type: "activate" });
});
for (const screen of Object.values(screens)) screen.relabel();
