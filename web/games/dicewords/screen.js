// The DICEWORDS screen's turn flow: which dice are kept, the word being laid
// (by tapping dice or typing), a roll of real dice entered, the clock, when a
// computer seat moves, which turns are played on another phone at the table.
// Drawing is draw.js, input input.js. Every figure shown
// (letter values, the live sum × length, whether a word counts, the best word)
// comes from the engine.

import { createComputerMover, createGuard, createSearch, drawEnd, resultText } from "../../common.js";
import * as draw from "./draw.js";
import { listen } from "./input.js";

export { drawCard } from "./draw.js"; // the menu card's picture, drawn as the game draws itself

const COMPUTER_PAUSE_MS = 800; // long enough to see what it kept and rolled

/** Its seats may be played on their own phones (table.js). */
export const GUEST = true;

export function createScreen({ session, storage, report, engine, here, away }) {
  let view = null;
  let shown = null; // the game last drawn here: {record, state, view, log}
  let keep = new Set(); // dice to leave lying at the next roll
  let word = []; // dice in the order they are laid
  let jokerLetters = {}; // die -> the letter its joker stands for
  let laid = null; // the engine's reading of the word so far: {word, sum, length, points} or {error}
  let entry = null; // the dice whose real faces are being entered, or null
  let timer = null; // {key, deadline, interval}
  let answerJoker = null; // resolves the joker's dialog while it is open

  const message = document.getElementById("dw-message");
  const hint = document.getElementById("dw-hint");
  let rolling = null; // the dice's roll being drawn
  const guard = createGuard(report, message, () => refreshControls(), () => rolling);
  const computer = createComputerMover({ screen: "dicewords", session, guard, engine, pause: COMPUTER_PAUSE_MS });
  const search = createSearch(engine);
  const strength = (p) => view.options.computer?.[p] ?? 0; // (saves from before computer seats have none)
  const computersTurn = () => !view.over && strength(view.current) > 0;
  const busy = () => guard.busy || computersTurn();
  /** The turn is played on another phone (on a guest, the host's computers' too): this one only watches. */
  const elsewhere = () => !view.over && !here(view.current);
  /** This phone holds one seat at another phone's table: its state is the host's (table.js). */
  const guest = () => shown.state.remote === true;
  /** The host answers a guest's helpers on the guest's own turn only. */
  const helped = () => !guest() || here(view.current);
  const resultWords = (result) => resultText({ ...view, result }, storage, report);
  const keptDice = () => [...keep].sort((a, b) => a - b);

  function render(current) {
    shown = current;
    view = current.view;
    keep = new Set(view.turn.locked);
    word = [];
    jokerLetters = {};
    laid = null;
    entry = null;
    draw.clearTyped();
    draw.drawHeading(view, computersTurn() ? strength(view.current) : 0, elsewhere(), away(view.current));
    draw.clearAdvice();
    computer.cancel();
    if (computersTurn() && here(view.current)) computer.schedule(); // (a guest leaves them to the host)
    rolling = draw.drawDice(view, view.events.some((e) => e.e === "rolled"));
    draw.drawWord(view, word, jokerLetters, laid);
    draw.drawLastTurn(view, !guest()); // (an overrule is the table's: the host takes it)
    if (view.last_turn && view.turn.rolls === 0 && helped()) showMissed().catch((error) => report(error, hint));
    draw.drawEntry(view, entry);
    draw.drawPad(view);
    draw.drawDiceTable(view);
    draw.drawLog(view, current.log, resultWords);
    drawEnd("dw", view, view.over ? resultText(view, storage, report) : "", { storage });
    runTimer();
    refreshControls();
  }

  function refreshDiceState() {
    draw.drawDiceState(view, { word, keep, busy: busy() || elsewhere(), entering: entry !== null });
  }

  function refreshControls() {
    if (!view) return;
    draw.drawControls(view, {
      laid, busy: busy(), holding: guard.holding, entering: entry !== null, away: elsewhere(), guest: guest(),
    });
    refreshDiceState();
  }

  // --- keeping and laying --------------------------------------------------------

  function toggleKeep(d) {
    if (guard.busy) return;
    if (keep.has(d)) keep.delete(d);
    else keep.add(d);
    refreshControls();
  }

  async function tapDie(d) {
    if (guard.busy) return;
    if (word.includes(d)) {
      word = word.filter((w) => w !== d);
      delete jokerLetters[d];
    } else {
      if (view.turn.dice[d].face === view.joker) {
        const letter = await askJokerLetter();
        if (letter === null) return;
        jokerLetters[d] = letter;
      }
      word = [...word, d];
    }
    draw.clearTyped();
    await refreshLaid();
  }

  /** The joker's letter from the little dialog; null if cancelled. The engine judges the letter. */
  function askJokerLetter() {
    return new Promise((resolve) => {
      answerJoker = resolve;
      draw.openJokerDialog();
    });
  }

  function jokerLetter(letter) {
    answerJoker?.(letter);
    answerJoker = null;
  }

  /** A typed word is read by the engine from the dice; an emptied field empties the word. */
  function type(text) {
    hint.textContent = ""; // the best word named earlier is not this one
    if (text) refreshLaid({ text }).catch((error) => report(error, message));
    else {
      word = [];
      jokerLetters = {};
      refreshLaid().catch((error) => report(error, message));
    }
  }

  let layRequest = 0;
  /** Ask the engine to read the word so far (latest request wins) and redraw the word row. */
  async function refreshLaid(request = { dice: word, letters: jokerLetters }) {
    const ticket = ++layRequest;
    let answer = null;
    if (request.text || request.dice.length) {
      try {
        answer = await engine("lay_word", shown.state, request);
      } catch (error) {
        if (!error.code) throw error;
        answer = { error };
      }
    }
    if (ticket !== layRequest) return;
    if (answer?.error?.code === "joker_letter") {
      // an unusable letter for the joker: take the joker back out and say why
      const joker = word.find((d) => view.turn.dice[d].face === view.joker);
      word = word.filter((d) => d !== joker);
      delete jokerLetters[joker];
      laid = answer;
    } else if (answer && !answer.error) {
      word = answer.dice;
      jokerLetters = answer.letters;
      laid = answer;
    } else {
      if (request.text) word = [];
      laid = answer;
    }
    draw.drawWord(view, word, jokerLetters, laid);
    refreshControls();
  }

  // --- after a turn: what could have been; now: the best word ---------------------------

  async function showMissed() {
    const drawn = view;
    const answer = await engine("hint", shown.state);
    if (view === drawn && answer.missed) draw.drawMissed(answer);
  }

  /** The best word the dice lay, laid out to declare (a search: the dice stay usable meanwhile). */
  async function showBest() {
    const asked = shown;
    const found = await search("hint", asked.state).catch((error) => report(error, message));
    if (!found || shown !== asked || guard.busy) return;
    const { best } = found;
    draw.drawBest(best);
    if (!best) return;
    draw.clearTyped();
    word = best.dice;
    jokerLetters = best.letters;
    guard.run(refreshLaid);
  }

  // --- advice: which dice to keep -----------------------------------------------------------

  /** Asks the engine to weigh the keep choices: a search, so the dice stay usable meanwhile (a bar shows it
   *  working, and it can be cancelled); its answer is dropped once the dice have moved on. */
  async function advise() {
    const asked = shown;
    draw.drawWaiting(true);
    try {
      const found = await search("advice", asked.state).catch((error) => report(error, message));
      if (found && shown === asked) draw.drawAdvice(view, found.choices);
    } finally {
      draw.drawWaiting(false);
    }
  }

  /** A choice tapped in the advice list becomes the dice kept (all of them: declaring, nothing to keep). */
  function keepAdvised(dice) {
    if (dice.length === view.turn.dice.length) return;
    keep = new Set(dice);
    refreshDiceState();
  }

  // --- the turn's actions ------------------------------------------------------------

  function roll() {
    if (guard.busy) return;
    if (view.options.physical) {
      entry = view.turn.dice.map((die) => die.die).filter((d) => !keep.has(d));
      draw.drawEntry(view, entry);
      document.querySelector("#dw-entry-faces select")?.focus();
      refreshControls();
      return;
    }
    guard.run(() => session.act({ type: "roll", keep: keptDice() }, shown), { hold: true });
  }

  /** Declares what the button names: the engine's reading of the word, not the taps still on their way. */
  function declare() {
    if (!laid || laid.error) return;
    guard.run(() => session.act({ type: "declare", dice: laid.dice, letters: laid.letters }, shown));
  }

  // --- the clock ------------------------------------------------------------------------

  /** The optional clock (view.turn_seconds): it runs from a turn's first roll and only shows; the table
   *  keeps to it. */
  function runTimer() {
    const running = view.options.timer && view.turn.rolls > 0 && !view.over;
    const key = `${view.round}:${view.current}`;
    draw.drawClock(running);
    if (!running) {
      clearInterval(timer?.interval);
      timer = null;
      return;
    }
    if (timer?.key === key) return;
    clearInterval(timer?.interval);
    timer = { key, deadline: performance.now() + view.turn_seconds * 1000 };
    timer.interval = setInterval(tick, 1000);
    tick();
  }

  function tick() {
    const left = Math.max(0, Math.ceil((timer.deadline - performance.now()) / 1000));
    draw.drawTimeLeft(left);
    if (left === 0) clearInterval(timer.interval);
  }

  listen({
    tap: tapDie,
    hold: toggleKeep,
    type,
    jokerLetter,
    keepAdvised,
    roll,
    declare,
    pass: () => guard.run(() => session.act({ type: "pass" }, shown)),
    overrule: () => guard.run(() => session.act({ type: "overrule" }, shown)),
    undo: () => guard.run(() => session.undo(shown)),
    best: showBest,
    advise,
    finishEntry: (faces) => guard.run(() => session.act({ type: "roll", keep: keptDice(), faces }, shown), { hold: true }),
    cancelEntry: () => {
      entry = null;
      draw.drawEntry(view, entry);
      refreshControls();
    },
  });

  return {
    render,
    /** Re-word everything after a language switch. */
    relabel() {
      if (shown) render(shown);
    },
  };
}
