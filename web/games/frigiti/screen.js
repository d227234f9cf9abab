// The Frigiti screen's turn flow: one device passed around the table. Every
// private step (writing, marking) sits behind a pass screen that needs two
// deliberate taps, and shows only what the engine's view for that one player
// holds. Drawing is draw.js, input input.js.

import { createGuard, drawEnd, resultText } from "../../common.js";
import { createCollectionScreen } from "./collection.js";
import * as draw from "./draw.js";
import { t } from "../../i18n.js";
import { listen } from "./input.js";

export { drawCard } from "./draw.js"; // the menu card's picture, drawn as the game draws itself

/** The menu card's own button: the table's dictionary of invented words (`actions.collection`). */
export const MENU = [{ action: "collection", key: "menu.collection" }];

const PRIVATE_STEPS = new Set(["write", "judge"]); // reading is aloud anyway: one tap is enough

/** Its seats may be played on their own phones (table.js): each writes and marks there, all at once. */
export const GUEST = true;

export function createScreen({ session, storage, report, engine, ready, show, here }) {
  const collection = createCollectionScreen({ engine, ready, storage, report });
  let view = null;
  let shown = null; // the game last drawn here: {record, state, view, log}
  let word = []; // dice laid into the word, in order
  let unlocked = null; // {player, step, view}: the private view shown, or null
  let holder = null; // the player whose private step this device showed last
  let picks = new Set();
  const message = document.getElementById("fr-message");
  let rolling = null; // the dice's roll being drawn
  const guard = createGuard(report, message, () => refreshControls(), () => rolling);
  const resultWords = (result) => resultText({ ...view, result }, storage, report, { tokens: true });

  // --- what happens now ------------------------------------------------------------

  /** The next step and who takes it: {step, player, waiting}; null when the game is over. Writing and
   *  marking are everyone's at once: the next player is the next of those at this device who has not yet
   *  (null when they all have), `waiting` everyone who has not. */
  function pending() {
    if (view.over) return null;
    if (view.phase === "create") return { step: "create", player: view.creator, waiting: [view.creator] };
    if (view.phase === "read") return { step: "read", player: view.reader, waiting: [view.reader] };
    const done = view.phase === "write" ? view.written : view.judged;
    const waiting = view.order.filter((p) => !done[p]);
    return { step: view.phase, player: waiting.find(here) ?? null, waiting };
  }

  /** The people at this device: with one, a private step needs no pass screen (nobody to hide it from). */
  const peopleHere = () => view.players.filter((_, p) => here(p)).length;

  /** Whether the step `step` of `player` is still to be taken. */
  function stillToTake({ step, player }) {
    if (view.over || view.phase !== step) return false;
    if (step === "read") return view.reader === player;
    return !(step === "write" ? view.written : view.judged)[player];
  }

  function render(current) {
    const before = { unlocked, next: view && pending() };
    shown = current;
    view = current.view;
    word = [];
    // Another phone's step (a definition handed in there) leaves a private step open here as it is, the
    // text being typed too; and a pass screen for the same person stays at the tap it had reached.
    const keepOpen = before.unlocked && stillToTake(before.unlocked);
    const next = pending();
    const samePass = !before.unlocked && before.next && next && before.next.player === next.player
      && before.next.step === next.step && PRIVATE_STEPS.has(next.step);
    if (!keepOpen) {
      if (unlocked) holder = unlocked.player; // (whose step was just on show here: the device is in their hands)
      unlocked = null;
      picks = new Set();
    }
    message.textContent = "";
    draw.drawAnyway(false);
    draw.drawRound(view);
    if (!keepOpen && !samePass) drawStep();
    draw.drawReveal(view);
    draw.drawTokens(view);
    draw.drawSheet(view);
    draw.drawProgress(view);
    draw.drawLog(view, current.log, resultWords);
    drawEnd("fr", view, view.over ? resultText(view, storage, report, { tokens: true }) : "");
    refreshControls();
  }

  /** The step now: creating the word in the open, else a private step once unlocked (at once for the only
   *  person at this device), else its pass screen; a step taken on other phones is waited for. */
  function drawStep() {
    const next = pending();
    if (!next) {
      draw.clearStep();
    } else if (next.player === null || !here(next.player)) {
      draw.drawWaiting(view, next.waiting);
    } else if (next.step === "create") {
      holder = next.player; // (the creator lays the word in the open, the device in hand)
      draw.drawCreating(view, next.player);
      rolling = draw.drawDice(view);
      drawWord();
    } else if (unlocked) {
      drawPrivate();
    } else if (peopleHere() === 1) {
      showOwn(next);
    } else {
      draw.drawPass(view, next, next.player === holder);
    }
  }

  /** The only person here: their own step, shown without a pass screen (not through the guard: a render
   *  often comes from inside a guarded action). */
  async function showOwn(next) {
    const drawn = shown;
    const mine = await engine("view", shown.state, next.player).catch((error) => report(error, message));
    if (!mine || shown !== drawn) return;
    unlocked = { ...next, view: mine };
    drawPrivate();
    refreshControls();
  }

  function refreshControls() {
    if (!view) return;
    draw.drawControls(view, word, { busy: guard.busy, holding: guard.holding, privateOpen: unlocked !== null });
    if (unlocked?.step === "judge") draw.drawPicks(view, picks, guard.busy);
  }

  // --- passing the device -------------------------------------------------------------

  function claim() {
    if (PRIVATE_STEPS.has(pending().step)) draw.drawPassConfirm();
    else reveal();
  }

  function reveal() {
    const next = pending();
    guard.run(async () => {
      const mine = await engine("view", shown.state, next.player);
      unlocked = { ...next, view: mine };
      drawPrivate();
    });
  }

  function drawPrivate() {
    draw.drawPrivate(view, unlocked);
    if (unlocked.step === "judge") draw.drawPicks(view, picks, guard.busy);
  }

  function togglePick(reader) {
    const full = !picks.has(reader) && picks.size >= view.picks;
    if (picks.has(reader)) picks.delete(reader);
    else if (!full) picks.add(reader);
    draw.drawPicks(view, picks, guard.busy);
    message.textContent = full ? t("fr.judge.full", { picks: view.picks }) : ""; // why a further pick is not taken
  }

  // --- creating the word ---------------------------------------------------------------

  function drawWord() {
    draw.drawWord(view, word);
    refreshControls();
  }

  function layDie(d) {
    if (guard.busy) return;
    word = word.includes(d) ? word.filter((w) => w !== d) : [...word, d]; // a second tap takes it back
    draw.drawAnyway(false);
    message.textContent = "";
    drawWord();
  }

  function takeBack(d) {
    word = word.filter((w) => w !== d);
    draw.drawAnyway(false);
    drawWord();
  }

  function create(anyway) {
    guard.run(async () => {
      try {
        await session.act({ type: "create", dice: word, anyway }, shown);
      } catch (error) {
        if (error.code === "word_exists") draw.drawAnyway(true);
        throw error;
      }
    });
  }

  // --- after a round ----------------------------------------------------------------------

  /** Keep the round's word; the answer, a refusal or a failed write too, is said next to the button. */
  function keepWord() {
    const note = document.getElementById("fr-kept");
    guard.run(async () => {
      note.textContent = "";
      try {
        const entry = await engine("collection_entry", shown.state);
        const empty = await engine("empty_collection");
        const merged = await engine("merge_collection", (await storage.collection()) ?? empty, { ...empty, words: [entry] });
        await storage.setCollection(merged); // on failure nothing is kept, and the word can be kept again
        draw.drawKept(entry.word);
      } catch (error) {
        report(error, note);
      }
    });
  }

  listen({
    claim,
    reveal,
    back: drawStep,
    roll: () => guard.run(() => session.act({ type: "roll" }, shown), { hold: true }),
    lay: layDie,
    takeBack,
    create: () => create(false),
    createAnyway: () => create(true),
    keep: keepWord,
    undo: () => guard.run(() => session.undo(shown)),
    write(text) {
      const player = unlocked.player;
      guard.run(() => session.act({ type: "write", player, text }, shown));
    },
    keyword: (text) => guard.run(() => session.act({ type: "keyword", text }, shown)),
    pick: togglePick,
    judge() {
      const player = unlocked.player;
      guard.run(() => session.act({ type: "judge", player, picks: [...picks] }, shown));
    },
  });

  return {
    render,
    /** Re-word everything after a language switch, the dictionary's screen too. */
    relabel() {
      if (shown) render(shown);
      collection.relabel();
    },
    actions: {
      collection() {
        show("collection");
        collection.open().catch((error) => report(error));
      },
    },
  };
}
