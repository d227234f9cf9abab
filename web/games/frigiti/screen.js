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

export function createScreen({ session, storage, report, engine, ready, show }) {
  const collection = createCollectionScreen({ engine, ready, storage, report });
  let view = null;
  let shown = null; // the game last drawn here: {record, state, view, log}
  let word = []; // dice laid into the word, in order
  let unlocked = null; // {player, step, view}: the private view shown, or null
  let picks = new Set();
  const message = document.getElementById("fr-message");
  let rolling = null; // the dice's roll being drawn
  const guard = createGuard(report, message, () => refreshControls(), () => rolling);
  const resultWords = (result) => resultText({ ...view, result }, storage, report, { tokens: true });

  // --- what happens now ------------------------------------------------------------

  /** The next step and who takes it: {step, player}; null when the game is over. */
  function pending() {
    if (view.over) return null;
    if (view.phase === "create") return { step: "create", player: view.creator };
    if (view.phase === "read") return { step: "read", player: view.reader };
    const done = view.phase === "write" ? view.written : view.judged;
    return { step: view.phase, player: view.order.find((p) => !done[p]) };
  }

  function render(current) {
    shown = current;
    view = current.view;
    word = [];
    unlocked = null;
    picks = new Set();
    message.textContent = "";
    draw.drawAnyway(false);
    draw.drawRound(view);
    drawStep();
    draw.drawReveal(view);
    draw.drawTokens(view);
    draw.drawSheet(view);
    draw.drawProgress(view);
    draw.drawLog(view, current.log, resultWords);
    drawEnd("fr", view, view.over ? resultText(view, storage, report, { tokens: true }) : "");
    refreshControls();
  }

  /** The step now: creating the word in the open, else a private step once unlocked, else its pass screen. */
  function drawStep() {
    const next = pending();
    if (!next) {
      draw.clearStep();
    } else if (next.step === "create") {
      draw.drawCreating(view, next.player);
      rolling = draw.drawDice(view);
      drawWord();
    } else if (unlocked) {
      drawPrivate();
    } else {
      draw.drawPass(view, next);
    }
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
