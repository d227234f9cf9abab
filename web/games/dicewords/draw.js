// DICEWORDS' drawing: the engine's view (and what is kept, laid or entered)
// onto the screen. Nothing here listens for input or asks the engine.

import { errorText, getLanguage, t } from "../../i18n.js";
import { animateLetterRoll, dieCanvas, dieRow, drawLetterDie } from "../../dice.js";
import {
  decimal, elsewhereText, fillList, headerCell, keepChildren, listItem, spoken, sumRow, tableRow,
} from "../../common.js";

const $ = (id) => document.getElementById(id);
const ADVICE_SHOWN = 8; // the best few; the engine weighs many more

const colourName = (view, d) => t(`dw.colour.${view.dice_table[d].colour}`);
const valueOf = (view, d, face) => view.dice_table[d].faces.find((f) => f.face === face)?.value ?? null;

/** Whose turn: by name, a computer seat's (`strength` not 0) with its kind, one played on another phone
 *  (`elsewhere`) with where (its phone gone, `away`: how to go on). */
export function drawHeading(view, strength, elsewhere, away) {
  const name = view.players[view.current];
  $("dw-round").textContent = t(view.last_round ? "dw.round.last" : "dw.round", { round: view.round, target: view.options.target });
  $("dw-player").textContent = view.over ? "" : strength
    ? t("turn.computer", { name, kind: t(`option.dicewords.computer.${strength}`) })
    : elsewhere ? elsewhereText(name, away) : t(spoken(view, "turn.name", view.current), { name });
}

// --- the dice ------------------------------------------------------------------------------

/** The dice as they lie: this turn's faces, or until the next roll the last turn's, faded. */
function lyingDice(view) {
  if (view.turn.rolls > 0 || !view.last_turn) return { dice: view.turn.dice, faded: false };
  const faces = view.last_turn.faces;
  return {
    dice: view.turn.dice.map((die) => ({ ...die, face: faces[die.die], value: valueOf(view, die.die, faces[die.die]) })),
    faded: true,
  };
}

function dieLabel(view, die) {
  const names = { colour: colourName(view, die.die), mark: die.mark };
  if (!die.face) return t("dw.die.blank", names);
  if (die.face === view.joker) return t("dw.die.joker", names);
  return t("dw.die", { ...names, face: die.face, value: die.value });
}

/** Each die as a button to lay it (carrying `data-die`) beside its hold toggle (`data-hold`); input.js reads
 *  the taps. With `animate`, the dice just rolled tumble in: the roll's drawing as a promise (or null). */
export function drawDice(view, animate) {
  const { dice, faded } = lyingDice(view);
  keepChildren($("dw-dice"), dice.map((die) => {
    const li = document.createElement("li");
    const button = document.createElement("button");
    button.type = "button";
    button.className = "die";
    button.dataset.die = String(die.die);
    button.setAttribute("aria-label", dieLabel(view, die));
    button.append(dieCanvas());
    const hold = document.createElement("button");
    hold.type = "button";
    hold.className = "keep";
    hold.dataset.hold = String(die.die);
    hold.textContent = t("dw.keep");
    hold.setAttribute("aria-label", t("dw.keep.label", { colour: colourName(view, die.die), mark: die.mark }));
    li.append(button, hold);
    return li;
  }));
  const canvases = [...$("dw-dice").querySelectorAll("canvas")];
  canvases.forEach((canvas, d) => drawLetterDie(canvas, dice[d], { faded }));
  if (!animate || faded) return null;
  const rolled = view.events.find((e) => e.e === "rolled").rolled;
  return animateLetterRoll(
    rolled.map((d) => canvases[d]),
    rolled.map((d) => dice[d]),
    rolled.map((d) => view.dice_table[d].faces),
  );
}

/** Which dice are in the word and which are kept, and which of their buttons the turn flow allows. */
export function drawDiceState(view, { word, keep, busy, entering }) {
  const rolled = view.turn.rolls > 0 && !view.over;
  const lockedForGood = view.options.locked_keeps ? new Set(view.turn.locked) : new Set();
  for (const li of $("dw-dice").children) {
    const [button, hold] = li.children;
    const d = Number(button.dataset.die);
    button.setAttribute("aria-pressed", String(word.includes(d)));
    button.disabled = !rolled || busy;
    hold.setAttribute("aria-pressed", String(keep.has(d)));
    hold.disabled = !rolled || busy || view.turn.rolls_left === 0 || lockedForGood.has(d) || entering;
  }
}

/** The joker's dialog, emptied and open (input.js reports how it closes). */
export function openJokerDialog() {
  const dialog = $("dw-joker");
  const input = $("dw-joker-letter");
  input.value = "";
  dialog.returnValue = "";
  dialog.showModal();
  input.focus();
}

// --- the word ------------------------------------------------------------------------------

/** A die of the word as laid: a joker shows the letter it stands for. */
function laidDie(view, d, jokerLetters) {
  const die = view.turn.dice[d];
  return die.face === view.joker ? { ...die, face: (jokerLetters[d] || view.joker).toUpperCase() } : die;
}

/** The dice of the word in their order (buttons carrying `data-die`: a tap takes one back out) and the
 *  engine's reading of it (`laid`: {word, sum, length, points}, {error} or null). */
export function drawWord(view, word, jokerLetters, laid) {
  keepChildren($("dw-word"), word.map((d) => {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "die";
    button.dataset.die = String(d);
    button.setAttribute("aria-label", `${laidDie(view, d, jokerLetters).face}: ${t("common.remove")}`);
    button.append(dieCanvas());
    return listItem(button);
  }));
  const canvases = $("dw-word").querySelectorAll("canvas");
  word.forEach((d, i) => drawLetterDie(canvases[i], laidDie(view, d, jokerLetters)));
  const score = $("dw-score");
  score.classList.toggle("error", Boolean(laid?.error) || laid?.counts === false);
  score.classList.toggle("idle", !laid);
  score.textContent = laid?.error ? errorText(laid.error) : laid ? scored(laid) : view.turn.rolls ? t("dw.word.empty") : "";
}

/** The word's score, and whether it counts where the table chose to be told as it lays. */
function scored(laid) {
  const score = t("dw.score", laid);
  return laid.counts == null ? score : t(laid.counts ? "dw.verdict.ok" : "dw.verdict.bad", { score });
}

/** Empties the field a word is typed into. */
export function clearTyped() {
  $("dw-type").value = "";
}

// --- after a turn: what happened, what could have been ------------------------------------------

/** Between turns, how the last one ended (and, where the table may `overrule`, the offer to overrule a
 *  refused word); the hint emptied. */
export function drawLastTurn(view, overrules) {
  const last = view.last_turn;
  const between = last && view.turn.rolls === 0;
  const overrule = $("dw-overrule");
  overrule.hidden = !(overrules && between && last.entry.word && !last.entry.valid && !last.entry.overruled);
  $("dw-message").textContent = between ? lastTurnText(view, last) : "";
  if (!overrule.hidden) overrule.textContent = t("dw.overrule", { points: last.entry.value });
  $("dw-hint").textContent = "";
}

function lastTurnText(view, last) {
  const name = view.players[last.player];
  const { word: played, points, valid, overruled } = last.entry;
  const own = (key) => spoken(view, key, last.player);
  if (!played) return t(own("dw.last.passed"), { name });
  if (overruled) return t(own("dw.last.overruled"), { name, word: played, points });
  return t(own(valid ? "dw.last.valid" : "dw.last.refused"), { name, word: played, points });
}

/** The best word the last turn's dice held (the `hint` call's answer), or that it was the one played. */
export function drawMissed({ missed, played_best: playedBest }) {
  $("dw-hint").textContent = playedBest ? t("dw.missed.same") : t("dw.missed", { word: missed.word, points: missed.points });
}

/** The best word the dice hold now, or that they hold none. */
export function drawBest(best) {
  $("dw-hint").textContent = best ? t("dw.best.found", { word: best.word, points: best.points }) : t("dw.best.none");
}

// --- advice: which dice to keep -------------------------------------------------------------

export function clearAdvice() {
  $("dw-advice-list").replaceChildren();
  $("dw-advice-more").textContent = "";
}

export function drawWaiting(waiting) {
  $("dw-advice-wait").hidden = !waiting;
}

/** The best few keep choices (the `advice` call's answer), each a button carrying the dice it keeps
 *  (`data-keep`), and how many more were weighed. */
export function drawAdvice(view, choices) {
  const shownChoices = choices.filter((choice) => choice.finalist).slice(0, ADVICE_SHOWN); // one order: by value
  $("dw-advice-list").replaceChildren(...shownChoices.map((choice, i) => adviceItem(view, choice, i === 0)));
  $("dw-advice-more").textContent = choices.length > shownChoices.length
    ? t("dw.advice.more", { count: choices.length - shownChoices.length }) : "";
}

function adviceItem(view, choice, best) {
  const button = document.createElement("button");
  button.type = "button";
  button.dataset.keep = JSON.stringify(choice.keep);
  const faces = choice.keep.map((d) => view.turn.dice[d].face).join(" ");
  const what = choice.keep.length === view.turn.dice.length
    ? (choice.word ? t("dw.advice.declare.word", { word: choice.word }) : t("dw.advice.declare"))
    : choice.keep.length ? t("dw.advice.keep", { faces, rolled: view.turn.dice.length - choice.keep.length })
    : t("dw.advice.none");
  button.textContent = t(choice.exact ? "dw.advice.exact" : "dw.advice.sampled", {
    what, value: decimal(choice.value), error: decimal(choice.error),
  }) + (best ? ` – ${t("dw.advice.best")}` : "");
  const item = document.createElement("li");
  item.append(button);
  if (best) item.className = "best";
  return item;
}

// --- entering a roll of real dice ------------------------------------------------------------

/** A choice of face for each die being entered (`entry`; null: the panel is closed). */
export function drawEntry(view, entry) {
  $("dw-entry").hidden = entry === null;
  if (entry === null) return;
  $("dw-entry-prompt").textContent = t("dw.entry.prompt", { count: entry.length });
  $("dw-entry-faces").replaceChildren(
    ...entry.map((d) => {
      const label = document.createElement("label");
      const name = document.createElement("span");
      name.textContent = `${colourName(view, d)} (${view.dice_table[d].mark})`;
      const select = document.createElement("select");
      select.dataset.die = String(d);
      select.append(new Option("–", ""), ...view.dice_table[d].faces.map((f) => new Option(f.face, f.face)));
      label.append(name, select);
      return label;
    }),
  );
}

// --- the clock --------------------------------------------------------------------------------

export function drawClock(running) {
  $("dw-timer").hidden = !running;
}

/** The seconds left in m:ss; at 0, that time is up, as an alert. */
export function drawTimeLeft(left) {
  const clock = $("dw-timer");
  clock.classList.toggle("up", left === 0);
  clock.textContent = left === 0 ? t("dw.timer.up") : t("dw.timer", { time: `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}` });
  clock.setAttribute("role", left === 0 ? "alert" : "timer");
}

// --- controls ---------------------------------------------------------------------------------

/** The buttons as the turn flow allows them; the declare button names the word as the engine read it
 *  (`laid`). While the turn is played `away` on another phone, none of the turn's is this one's; a `guest`
 *  phone takes nothing back (its host would refuse). */
export function drawControls(view, { laid, busy, holding, entering, away, guest }) {
  const turn = view.turn;
  const playing = !view.over && !entering && !away;
  $("dw-advice").disabled = busy || !playing || turn.rolls === 0 || turn.rolls_left === 0;
  const name = view.players[view.current];
  const roll = $("dw-roll");
  roll.textContent = turn.rolls === 0 ? t(spoken(view, "dw.roll.first", view.current), { name }) : turn.rolls_left ? t("dw.roll", { left: turn.rolls_left }) : t("dw.roll.none");
  roll.disabled = busy || holding || !playing || turn.rolls_left === 0;
  const declare = $("dw-declare");
  const ready = laid && !laid.error && laid.declarable;
  declare.textContent = !ready ? t("dw.declare.empty") : t(laid.counts === false ? "dw.declare.bad" : "dw.declare", laid);
  declare.disabled = busy || !playing || turn.rolls === 0 || !ready;
  $("dw-pass").disabled = busy || !playing || turn.rolls === 0;
  $("dw-best").disabled = busy || !playing || turn.rolls === 0;
  $("dw-undo").hidden = guest;
  $("dw-undo").disabled = busy || !view.can.undo; // (on the host, any seat's: taking back is the table's say)
  $("dw-type").disabled = busy || !playing || turn.rolls === 0;
  $("dw-type-form").querySelector("button").disabled = $("dw-type").disabled;
  $("dw-overrule").disabled = busy;
}

// --- the pad, the dice table, the log, the result ----------------------------------------------

export function drawPad(view) {
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
    td.className = `pad-${note.slice("dw.pad.".length)}`; // (not "pass": that is the pass screen's look)
  }
  return td;
}

const drawnTables = new WeakMap(); // dice table -> the dice and language it shows

/** Every die's faces with their values. Drawn again only when the dice or the language change: its sixty
 *  little canvases took most of a phone's time for each move drawn. */
export function drawDiceTable(view) {
  const table = $("dw-table");
  const shows = `${getLanguage()} ${JSON.stringify(view.dice_table)}`;
  if (drawnTables.get(table) === shows) return;
  drawnTables.set(table, shows);
  const head = tableRow("th", [t("dw.table.die"), t("dw.table.faces")], "col");
  head.lastElementChild.colSpan = 6;
  const thead = document.createElement("thead");
  thead.append(head);
  const body = document.createElement("tbody");
  view.dice_table.forEach((row, d) => {
    const tr = document.createElement("tr");
    tr.append(headerCell(`${colourName(view, d)} (${row.mark})`, "row"));
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

/** The log in words; `resultWords(result)` words the end. */
export function drawLog(view, log, resultWords) {
  fillList($("dw-log"), log.flat().map((event) => logLine(view, event, resultWords)).filter(Boolean));
}

function logLine(view, event, resultWords) {
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
      return `${t("log.over")} ${resultWords(event)}`;
    default:
      return "";
  }
}

// --- the menu card -------------------------------------------------------------------------------------

const CARD_DICE = [["rot", "W"], ["gold", "O"], ["lila", "R"], ["gruen", "T"]].map(([colour, face]) => ({ colour, face, mark: "" }));

/** The menu card's picture: the dice of the game in play as they lie, or WORT before any game. */
export function drawCard(picture, view) {
  const { dice, faded } = view && !view.over && (view.turn.rolls || view.last_turn) ? lyingDice(view) : { dice: CARD_DICE, faded: false };
  dieRow(picture, dice.length).forEach((canvas, i) => drawLetterDie(canvas, dice[i], { faded }));
}
