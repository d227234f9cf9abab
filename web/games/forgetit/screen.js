// The FOR-GET-IT screen's turn flow: what is chosen or typed in, what the engine
// is asked, when a computer seat moves, which turns are played on another phone
// at the table. Drawing is draw.js, input input.js.
// Every number shown (count, factor, what stopping scores, totals) comes from
// the engine; choosing dice asks the engine for a preview of the result.

import { errorText, t } from "../../i18n.js";
import { createComputerMover, createGuard, createSearch, drawEnd, resultText } from "../../common.js";
import * as draw from "./draw.js";
import { listen } from "./input.js";

export { drawCard } from "./draw.js"; // the menu card's picture, drawn as the game draws itself

const COMPUTER_PAUSE_MS = 600; // long enough to follow each of its steps

/** Its seats may be played on their own phones (table.js). */
export const GUEST = true;


export function createScreen({ session, storage, report, engine, here, away }) {
  let view = null;
  let shown = null; // the game last drawn here: {record, state, view, log}
  let selection = new Set();
  let preview = null; // {view} or {error} for the current selection
  let entry = null; // faces typed in for a roll of real dice, or null

  const message = document.getElementById("fgi-message");
  let rolling = null; // the dice's roll being drawn
  // A piece of work draws its new state before its save is written: a die tapped in that drawing is taken (the
  // save's moment is no reason to lose a tap), one tapped before it is not (the next drawing would drop it).
  let drawnInWork = false;
  const guard = createGuard(report, message, () => {
    if (guard.busy) drawnInWork = false; // (a piece of work begins)
    refreshControls();
  }, () => rolling);
  const guarded = (work, options) => guard.run(work, options);
  const computer = createComputerMover({ screen: "forgetit", session, guard, engine, pause: COMPUTER_PAUSE_MS });
  const search = createSearch(engine);
  const strength = (p) => view.options.computer?.[p] ?? 0; // (saves from before computer seats have none)
  const computersTurn = () => !view.over && strength(view.current) > 0;
  /** The turn is played on another phone (on a guest, the host's computers' too): this one only watches. */
  const elsewhere = () => !view.over && !here(view.current);
  /** This phone holds one seat at another phone's table: its state is the host's (table.js), which it
   *  cannot replay or try an action on. */
  const guest = () => shown.state.remote === true;
  const busy = () => guard.busy || computersTurn();
  const resultWords = (result) => resultText({ ...view, result }, storage, report);

  function render(current) {
    drawnInWork = guard.busy;
    shown = current;
    view = current.view;
    selection = new Set();
    preview = null;
    entry = null;
    draw.drawEntryPad(view);
    message.textContent = view.turn.all_aside && !view.over // the choice of the moment, said where it is made
      ? t("fgi.all.aside", { name: view.players[view.current], points: view.turn.stop_score })
      : draw.lastTurnText(view);
    rolling = draw.drawTable(view, view.events.some((e) => e.e === "rolled"));
    draw.drawSelection(selection); // (a die kept from the last drawing may have been chosen)
    draw.drawPad(view);
    draw.drawLog(view, current.log, resultWords);
    draw.drawEntry(view, entry);
    draw.clearAdvice();
    const last = view.last_turn;
    if (!view.turn.rolls && last && !strength(last.player) && !guest()) {
      showReview(current).catch((error) => report(error, message));
    }
    computer.cancel();
    if (computersTurn() && here(view.current)) computer.schedule(); // (a guest leaves them to the host)
    draw.drawWhoPlays(view, computersTurn() ? strength(view.current) : 0, elsewhere(), away(view.current));
    refreshControls();
    drawEnd("fgi", view, view.over ? resultText(view, storage, report) : "", { storage });
  }

  function refreshControls() {
    if (!view) return;
    draw.drawControls(view, (preview?.view ?? view).turn, {
      choosing: selection.size > 0,
      busy: busy(),
      away: elsewhere(),
      holding: guard.holding,
      invalid: Boolean(preview?.error),
      entering: entry !== null,
      guest: guest(),
    });
  }

  // --- choosing dice: instant; the engine's preview of the choice follows, latest choice wins

  function toggle(slot) {
    if ((guard.busy && !drawnInWork) || computersTurn() || elsewhere()) return;
    const face = view.turn.dice[slot].face;
    const alike = view.turn.hand.filter((s) => view.turn.dice[s].face === face);
    if (selection.has(slot)) selection.delete(slot);
    else if (typeof face === "number" && !alike.some((s) => selection.has(s))) {
      alike.forEach((s) => selection.add(s)); // every time: a number's first tap takes all its dice, a tap drops one
    } else selection.add(slot);
    draw.drawSelection(selection);
    refreshPreview().catch((error) => report(error, message));
  }

  let previewRequest = 0;
  /** (Not on a guest: its host tries no action for it, so its figures stay the turn's until it acts.) */
  async function refreshPreview() {
    const request = ++previewRequest;
    let result = null;
    if (selection.size && !guest()) {
      try {
        result = { view: await session.preview({ type: "set_aside", dice: [...selection] }) };
      } catch (error) {
        if (!error.code) throw error;
        result = { error };
      }
    }
    if (request !== previewRequest) return; // a newer choice is on its way
    preview = result;
    message.textContent = preview?.error ? errorText(preview.error) : "";
    refreshControls();
  }

  // --- the turn's actions --------------------------------------------------------

  async function setAsideChosen() {
    if (selection.size) await session.act({ type: "set_aside", dice: [...selection] }, shown);
  }

  function roll() {
    guarded(async () => {
      await setAsideChosen();
      if (view.options.physical) {
        entry = [];
        draw.drawEntry(view, entry);
        refreshControls();
        document.querySelector("#fgi-entry button")?.focus();
      } else {
        await session.act({ type: "roll" }, shown);
      }
    }, { hold: !view.options.physical }); // real dice: the roll is entered next, with a hold of its own
  }

  function stop() {
    guarded(async () => {
      await setAsideChosen();
      await session.act({ type: "stop" }, shown);
    });
  }

  // --- real dice: a roll typed in --------------------------------------------------

  function typed(faces) {
    entry = faces;
    message.textContent = ""; // an error about the last entry is stale now
    draw.drawEntry(view, entry);
    refreshControls();
  }

  // --- advice: every choice open now with the points it is expected to bring; for two players, with the
  // chance of winning the game it leaves (that takes the worker a moment: a progress bar shows meanwhile)

  function advise() {
    const asked = shown;
    guarded(async () => {
      const hint = await engine("hint", asked.state);
      if (shown !== asked) return;
      draw.drawAdvice(view, hint);
      if (view.players.length === 2) adviseToWin(asked).catch((error) => report(error, message));
    });
  }

  /** The chances of winning, outside the guard: the table stays playable while the worker works them out. On
   *  a slow phone the first answer may be an estimate: it is shown, and asked for again (the worker goes on
   *  with the solve where it stopped: every call gets further) until the chances are exact or the turn moved. */
  async function adviseToWin(asked) {
    draw.drawWaiting(true);
    try {
      for (;;) {
        const advice = await search("advice", asked.state);
        if (!advice || shown !== asked || !advice.options.length) return;
        draw.drawChances(view, advice);
        if (!advice.estimate) return;
      }
    } finally {
      draw.drawWaiting(false);
    }
  }

  /** After a person's turn: how much expected score its decisions gave away, by the solved turn. */
  async function showReview(reviewed) {
    const review = await engine("review", reviewed.record);
    if (review && shown === reviewed) draw.drawReview(view, review);
  }

  listen({
    toggle,
    roll,
    stop,
    undo: () => guarded(async () => { // a roll of real dice taken back opens its faces again, to correct
      const last = shown.record.actions.at(-1);
      await session.undo(shown);
      if (last?.type === "roll" && last.faces) typed([...last.faces]);
    }),
    remove: (index) => typed(entry.filter((_, i) => i !== index)),
    advise,
    enter: (face) => typed(entry.length < view.turn.to_roll ? [...entry, face] : entry),
    finishEntry: () => guarded(() => session.act({ type: "roll", faces: entry }, shown), { hold: true }),
    clearEntry: () => typed([]),
    cancelEntry: () => typed(null),
  });

  return {
    render,
    /** Re-word everything after a language switch. */
    relabel() {
      if (shown) render(shown);
    },
  };
}
