// The DICEWORDS screen: ten letter dice, keep toggles, a word laid by tapping
// dice or typing, and the pad. Every figure shown (letter values, the live
// sum × length, whether a word counts, the best word) comes from the engine.

import { errorText, t } from "../../i18n.js";
import { animateLetterRoll, dieCanvas, drawLetterDie } from "../../dice.js";
import {
  createComputerMover, createGuard, fillList, headerCell, listItem, resultText, sumRow, tableRow,
} from "../../common.js";

const $ = (id) => document.getElementById(id);
const COMPUTER_PAUSE_MS = 800; // long enough to see what it kept and rolled

export function createScreen({ session, storage, report, engine }) {
  let view = null;
  let shown = null; // the game last drawn here: {record, state, view, log}
  let keep = new Set(); // dice to leave lying at the next roll
  let word = []; // dice in the order they are laid
  let jokerLetters = {}; // die -> the letter its joker stands for
  let laid = null; // the engine's reading of the word so far: {word, sum, length, points} or {error}
  let entry = null; // the dice whose real faces are being entered, or null
  let timer = null; // {key, deadline, interval}

  const message = $("dw-message");
  let rolling = null; // the dice's roll being drawn
  const guard = createGuard(report, message, () => refreshControls(), () => rolling);
  const computer = createComputerMover({ screen: "dicewords", session, guard, engine, pause: COMPUTER_PAUSE_MS });
  const strength = (p) => view.options.computer?.[p] ?? 0; // (saves from before computer seats have none)
  const computersTurn = () => !view.over && strength(view.current) > 0;

  // --- drawing the game --------------------------------------------------------

  function render(current) {
    shown = current;
    view = current.view;
    keep = new Set(view.turn.locked);
    word = [];
    jokerLetters = {};
    laid = null;
    entry = null;
    $("dw-type").value = "";
    $("dw-round").textContent = t("dw.round", { round: view.round, target: view.options.target });
    $("dw-player").textContent = view.over ? "" : computersTurn()
      ? t("turn.computer", { name: view.players[view.current], kind: t(`option.dicewords.computer.${strength(view.current)}`) })
      : t("turn.name", { name: view.players[view.current] });
    $("dw-advice-list").replaceChildren();
    $("dw-advice-more").textContent = "";
    computer.cancel();
    if (computersTurn()) computer.schedule();
    drawDice(view.events.some((e) => e.e === "rolled"));
    drawWord();
    drawLastTurn();
    drawEntry();
    drawPad();
    drawTable();
    fillList($("dw-log"), current.log.flat().map(logLine).filter(Boolean));
    $("dw-result").hidden = !view.over;
    if (view.over) $("dw-winners").textContent = resultText(view, storage, report);
    runTimer();
    refreshControls();
  }

  const colourName = (d) => t(`dw.colour.${view.dice_table[d].colour}`);
  const valueOf = (d, face) => view.dice_table[d].faces.find((f) => f.face === face)?.value ?? null;

  /** The dice as they lie: this turn's faces, or until the next roll the last turn's, faded. */
  function lyingDice() {
    if (view.turn.rolls > 0 || !view.last_turn) return { dice: view.turn.dice, faded: false };
    const faces = view.last_turn.faces;
    return { dice: view.turn.dice.map((die) => ({ ...die, face: faces[die.die], value: valueOf(die.die, faces[die.die]) })), faded: true };
  }

  function dieLabel(die) {
    const names = { colour: colourName(die.die), mark: die.mark };
    if (!die.face) return t("dw.die.blank", names);
    if (die.face === view.joker) return t("dw.die.joker", names);
    return t("dw.die", { ...names, face: die.face, value: die.value });
  }

  function drawDice(animate) {
    const { dice, faded } = lyingDice();
    const items = dice.map((die) => {
      const li = document.createElement("li");
      const button = document.createElement("button");
      button.type = "button";
      button.className = "die";
      button.dataset.die = String(die.die);
      button.setAttribute("aria-label", dieLabel(die));
      button.append(dieCanvas());
      button.addEventListener("click", () => tapDie(die.die));
      const hold = document.createElement("button");
      hold.type = "button";
      hold.className = "keep";
      hold.textContent = t("dw.keep");
      hold.setAttribute("aria-label", t("dw.keep.label", { colour: colourName(die.die), mark: die.mark }));
      hold.addEventListener("click", () => toggleKeep(die.die));
      li.append(button, hold);
      return li;
    });
    $("dw-dice").replaceChildren(...items);
    const canvases = items.map((li) => li.querySelector("canvas"));
    canvases.forEach((canvas, d) => drawLetterDie(canvas, dice[d], { faded }));
    if (animate && !faded) {
      const rolled = view.events.find((e) => e.e === "rolled").rolled;
      rolling = animateLetterRoll(
        rolled.map((d) => canvases[d]),
        rolled.map((d) => dice[d]),
        rolled.map((d) => view.dice_table[d].faces),
      );
    }
    refreshDiceState();
  }

  function refreshDiceState() {
    const rolled = view.turn.rolls > 0 && !view.over;
    const lockedForGood = view.options.locked_keeps ? new Set(view.turn.locked) : new Set();
    for (const li of $("dw-dice").children) {
      const [button, hold] = li.children;
      const d = Number(button.dataset.die);
      button.setAttribute("aria-pressed", String(word.includes(d)));
      button.disabled = !rolled || guard.busy || computersTurn();
      hold.setAttribute("aria-pressed", String(keep.has(d)));
      hold.disabled = !rolled || guard.busy || computersTurn() || view.turn.rolls_left === 0 || lockedForGood.has(d) || entry !== null;
    }
  }

  // --- keeping and laying --------------------------------------------------------

  function toggleKeep(d) {
    if (guard.busy) return;
    if (keep.has(d)) keep.delete(d);
    else keep.add(d);
    refreshDiceState();
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
    $("dw-type").value = "";
    await refreshLaid();
  }

  /** The joker's letter from the little dialog; null if cancelled. The engine judges the letter. */
  function askJokerLetter() {
    const dialog = $("dw-joker");
    const input = $("dw-joker-letter");
    input.value = "";
    return new Promise((resolve) => {
      dialog.addEventListener("close", () => resolve(dialog.returnValue === "ok" ? input.value : null), { once: true });
      dialog.returnValue = "";
      dialog.showModal();
      input.focus();
    });
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
    drawWord();
    refreshDiceState();
    refreshControls();
  }

  /** A die of the word as laid: a joker shows the letter it stands for. */
  function laidDie(d) {
    const die = view.turn.dice[d];
    return die.face === view.joker ? { ...die, face: (jokerLetters[d] || view.joker).toUpperCase() } : die;
  }

  function drawWord() {
    const row = $("dw-word");
    const buttons = word.map((d) => {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "die";
      button.setAttribute("aria-label", `${laidDie(d).face}: ${t("common.remove")}`);
      button.append(dieCanvas());
      button.addEventListener("click", () => tapDie(d));
      return button;
    });
    row.replaceChildren(...buttons.map(listItem));
    buttons.forEach((button, i) => drawLetterDie(button.firstChild, laidDie(word[i])));
    const score = $("dw-score");
    score.classList.toggle("error", Boolean(laid?.error));
    score.classList.toggle("idle", !laid);
    score.textContent = laid?.error ? errorText(laid.error) : laid ? t("dw.score", laid) : view.turn.rolls ? t("dw.word.empty") : "";
  }

  // --- after a turn: what happened, what could have been ------------------------------

  function drawLastTurn() {
    const last = view.last_turn;
    const between = last && view.turn.rolls === 0;
    const overrule = $("dw-overrule");
    overrule.hidden = !(between && last.entry.word && !last.entry.valid && !last.entry.overruled);
    message.textContent = between ? lastTurnText(last) : "";
    if (!overrule.hidden) overrule.textContent = t("dw.overrule", { points: last.entry.value });
    $("dw-hint").textContent = "";
    if (between) showMissed(last).catch((error) => report(error, $("dw-hint")));
  }

  function lastTurnText(last) {
    const name = view.players[last.player];
    const { word: played, points, valid, overruled } = last.entry;
    if (!played) return t("dw.last.passed", { name });
    if (overruled) return t("dw.last.overruled", { name, word: played, points });
    return t(valid ? "dw.last.valid" : "dw.last.refused", { name, word: played, points });
  }

  async function showMissed(last) {
    const drawn = view;
    const { missed, played_best: playedBest } = await engine("hint", shown.state);
    if (view !== drawn || !missed) return;
    $("dw-hint").textContent = playedBest
      ? t("dw.missed.same")
      : t("dw.missed", { word: missed.word, points: missed.points });
  }

  function showBest() {
    guard.run(async () => {
      const { best } = await engine("hint", shown.state);
      if (!best) {
        $("dw-hint").textContent = t("dw.best.none");
        return;
      }
      $("dw-hint").textContent = t("dw.best.found", { word: best.word, points: best.points });
      $("dw-type").value = "";
      word = best.dice;
      jokerLetters = best.letters;
      await refreshLaid();
    });
  }

  // --- advice: which dice to keep -----------------------------------------------------------

  const ADVICE_SHOWN = 8; // the best few; the engine weighs many more

  /** Asks the engine to weigh the keep choices (it takes a moment: a progress bar shows meanwhile); a choice
   *  tapped in the list becomes the dice kept. */
  function advise() {
    const asked = shown;
    guard.run(async () => {
      $("dw-advice-wait").hidden = false;
      try {
        const { choices } = await engine("advice", asked.state);
        if (shown !== asked) return;
        const shownChoices = choices.slice(0, ADVICE_SHOWN);
        $("dw-advice-list").replaceChildren(...shownChoices.map((choice, i) => adviceItem(choice, i === 0)));
        $("dw-advice-more").textContent = choices.length > ADVICE_SHOWN
          ? t("dw.advice.more", { count: choices.length - ADVICE_SHOWN }) : "";
      } finally {
        $("dw-advice-wait").hidden = true;
      }
    });
  }

  function adviceItem(choice, best) {
    const button = document.createElement("button");
    button.type = "button";
    const faces = choice.keep.map((d) => view.turn.dice[d].face).join(" ");
    const value = choice.value.toLocaleString(document.documentElement.lang, { maximumFractionDigits: 1 });
    const error = choice.error.toLocaleString(document.documentElement.lang, { maximumFractionDigits: 1 });
    const what = choice.keep.length === view.turn.dice.length ? t("dw.advice.declare")
      : choice.keep.length ? t("dw.advice.keep", { faces, rolled: view.turn.dice.length - choice.keep.length })
      : t("dw.advice.none");
    button.textContent = t(choice.exact ? "dw.advice.exact" : "dw.advice.sampled", { what, value, error })
      + (best ? ` – ${t("dw.advice.best")}` : "");
    button.addEventListener("click", () => {
      if (choice.keep.length === view.turn.dice.length) return;
      keep = new Set(choice.keep);
      refreshDiceState();
    });
    const item = document.createElement("li");
    item.append(button);
    if (best) item.className = "best";
    return item;
  }

  // --- the turn's actions ------------------------------------------------------------

  function roll() {
    if (guard.busy) return;
    if (view.options.physical) {
      entry = view.turn.dice.map((die) => die.die).filter((d) => !keep.has(d));
      drawEntry();
      $("dw-entry-faces").querySelector("select")?.focus();
      refreshControls();
      return;
    }
    guard.run(() => session.act({ type: "roll", keep: [...keep].sort((a, b) => a - b) }, shown), { hold: true });
  }

  /** Declares what the button names: the engine's reading of the word, not the taps still on their way. */
  function declare() {
    if (!laid || laid.error) return;
    guard.run(() => session.act({ type: "declare", dice: laid.dice, letters: laid.letters }, shown));
  }

  // --- entering a roll of real dice ------------------------------------------------------

  function drawEntry() {
    const panel = $("dw-entry");
    panel.hidden = entry === null;
    if (entry === null) return;
    $("dw-entry-prompt").textContent = t("dw.entry.prompt", { count: entry.length });
    $("dw-entry-faces").replaceChildren(
      ...entry.map((d) => {
        const label = document.createElement("label");
        const name = document.createElement("span");
        name.textContent = `${colourName(d)} (${view.dice_table[d].mark})`;
        const select = document.createElement("select");
        select.dataset.die = String(d);
        select.append(new Option("–", ""), ...view.dice_table[d].faces.map((f) => new Option(f.face, f.face)));
        label.append(name, select);
        return label;
      }),
    );
  }

  function finishEntry() {
    const faces = [...$("dw-entry-faces").querySelectorAll("select")].map((select) => select.value);
    guard.run(() => session.act({ type: "roll", keep: [...keep].sort((a, b) => a - b), faces }, shown), { hold: true });
  }

  // --- the clock ------------------------------------------------------------------------

  /** The optional 3-minute clock: it runs from a turn's first roll and only shows; the table keeps to it. */
  function runTimer() {
    const running = view.options.timer && view.turn.rolls > 0 && !view.over;
    const key = `${view.round}:${view.current}`;
    $("dw-timer").hidden = !running;
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
    const clock = $("dw-timer");
    clock.classList.toggle("up", left === 0);
    clock.textContent = left === 0 ? t("dw.timer.up") : t("dw.timer", { time: `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}` });
    if (left === 0) {
      clock.setAttribute("role", "alert");
      clearInterval(timer.interval);
    } else {
      clock.setAttribute("role", "timer");
    }
  }

  // --- controls ---------------------------------------------------------------------------

  function refreshControls() {
    if (!view) return;
    const busy = guard.busy || computersTurn();
    const turn = view.turn;
    const playing = !view.over && entry === null;
    $("dw-advice").disabled = busy || !playing || turn.rolls === 0 || turn.rolls_left === 0;
    const name = view.players[view.current];
    const roll = $("dw-roll");
    roll.textContent = turn.rolls === 0 ? t("dw.roll.first", { name }) : turn.rolls_left ? t("dw.roll", { left: turn.rolls_left }) : t("dw.roll.none");
    roll.disabled = busy || guard.holding || !playing || turn.rolls_left === 0;
    const declare = $("dw-declare");
    const ready = laid && !laid.error && laid.declarable;
    declare.textContent = ready ? t("dw.declare", { word: laid.word, points: laid.points }) : t("dw.declare.empty");
    declare.disabled = busy || !playing || turn.rolls === 0 || !ready;
    $("dw-pass").disabled = busy || !playing || turn.rolls === 0;
    $("dw-best").disabled = busy || !playing || turn.rolls === 0;
    $("dw-undo").disabled = busy || !view.can.undo;
    $("dw-type").disabled = busy || !playing || turn.rolls === 0;
    $("dw-type-form").querySelector("button").disabled = $("dw-type").disabled;
    $("dw-overrule").disabled = busy;
    refreshDiceState();
  }

  // --- the pad, the dice table, the log ---------------------------------------------------

  function drawPad() {
    const table = $("dw-pad");
    const caption = table.querySelector("caption");
    const thead = document.createElement("thead");
    thead.append(tableRow("th", [t("pad.round"), ...view.players], "col"));
    const body = document.createElement("tbody");
    const rounds = Math.max(0, ...view.pad.map((column) => column.length));
    for (let r = 0; r < rounds; r++) {
      const tr = document.createElement("tr");
      tr.append(headerCell(String(r + 1), "row"));
      view.pad.forEach((column) => tr.append(padCell(column[r])));
      body.append(tr);
    }
    body.append(sumRow(t("pad.total"), view.scores, "total"));
    table.replaceChildren(caption, thead, body);
  }

  function padCell(entryOfTurn) {
    const td = document.createElement("td");
    if (!entryOfTurn) return td;
    const { word: played, points, valid, overruled } = entryOfTurn;
    td.textContent = played ? `${played} ${points}` : "—";
    const note = !played ? "dw.pad.pass" : overruled ? "dw.pad.overruled" : valid ? null : "dw.pad.refused";
    if (note) {
      td.title = t(note);
      td.setAttribute("aria-label", `${td.textContent}, ${t(note)}`);
      td.className = note.slice("dw.pad.".length);
    }
    return td;
  }

  function drawTable() {
    const table = $("dw-table");
    const head = tableRow("th", [t("dw.table.die"), t("dw.table.faces")], "col");
    head.lastElementChild.colSpan = 6;
    const thead = document.createElement("thead");
    thead.append(head);
    const body = document.createElement("tbody");
    view.dice_table.forEach((row, d) => {
      const tr = document.createElement("tr");
      tr.append(headerCell(`${colourName(d)} (${row.mark})`, "row"));
      for (const { face, value } of row.faces) {
        const td = document.createElement("td");
        const canvas = dieCanvas();
        td.append(canvas);
        td.setAttribute("aria-label", `${face} ${value}`);
        tr.append(td);
        canvas.dataset.face = face;
      }
      body.append(tr);
    });
    table.replaceChildren(thead, body);
    view.dice_table.forEach((row, d) => {
      const canvases = body.children[d].querySelectorAll("canvas");
      row.faces.forEach((f, i) => drawLetterDie(canvases[i], { colour: row.colour, mark: row.mark, ...f }));
    });
  }

  function logLine(event) {
    const name = view.players[event.player ?? event.start];
    switch (event.e) {
      case "started":
        return t("log.started", { name });
      case "rolled": {
        const faces = event.rolled.map((d) => event.faces[d]).join(" ");
        return event.rolled.length === event.faces.length
          ? t("log.dw.rolled", { name, faces })
          : t("log.dw.rerolled", { name, count: event.rolled.length, faces });
      }
      case "declared":
        return t(event.valid ? "log.dw.declared" : "log.dw.refused", { name, word: event.word, points: event.points });
      case "passed":
        return t("log.dw.passed", { name });
      case "overruled":
        return t("log.dw.overruled", { name, word: event.word, points: event.points });
      case "over":
        return `${t("log.over")} ${resultText({ ...view, result: event }, storage, report)}`;
      default:
        return "";
    }
  }

  // --- wiring ---------------------------------------------------------------------------

  $("dw-roll").addEventListener("click", roll);
  $("dw-declare").addEventListener("click", declare);
  $("dw-pass").addEventListener("click", () => guard.run(() => session.act({ type: "pass" }, shown)));
  $("dw-overrule").addEventListener("click", () => guard.run(() => session.act({ type: "overrule" }, shown)));
  $("dw-undo").addEventListener("click", () => guard.run(() => session.undo(shown)));
  $("dw-best").addEventListener("click", showBest);
  $("dw-advice").addEventListener("click", advise);
  $("dw-type").addEventListener("input", () => {
    const text = $("dw-type").value.trim();
    if (text) refreshLaid({ text }).catch((error) => report(error, message));
    else {
      word = [];
      jokerLetters = {};
      refreshLaid().catch((error) => report(error, message));
    }
  });
  $("dw-type-form").addEventListener("submit", (event) => {
    event.preventDefault();
    if (!$("dw-declare").disabled) $("dw-declare").focus();
  });
  $("dw-entry-done").addEventListener("click", finishEntry);
  $("dw-entry-cancel").addEventListener("click", () => {
    entry = null;
    drawEntry();
    refreshControls();
  });

  return {
    render,
    /** Re-word everything after a language switch. */
    relabel() {
      if (shown) render(shown);
    },
  };
}
