// FOR-GET-IT's drawing: the engine's view (and what is being chosen or typed
// in) onto the screen. Nothing here listens for input or asks the engine.

import { t } from "../../i18n.js";
import { animateRoll, dieCanvas, dieRow, drawDie } from "../../dice.js";
import { decimal, elsewhereText, fillList, headerCell, keepChildren, sumRow, tableRow } from "../../common.js";

const $ = (id) => document.getElementById(id);
const isSyllable = (face) => typeof face === "string";
const faceOf = (canvas) => JSON.parse(canvas.dataset.face);

const percent = (chance) => `${decimal(100 * chance)} %`;

/** The syllable a die showing a number carries, when the app knows it: not with real dice, whose faces are
 *  typed in (a number does not say which die showed it). */
function kindOf(view, die) {
  return view.options.physical || isSyllable(die.face) ? null : die.kind;
}

function dieLabel(view, die) {
  const kind = kindOf(view, die);
  return kind ? t("fgi.die.kind", { face: die.face, kind }) : t("fgi.die", { face: die.face });
}

function faceCanvas(face, faded = false, kind = null) {
  const canvas = dieCanvas();
  canvas.dataset.face = JSON.stringify(face);
  canvas.dataset.faded = faded ? "1" : "0";
  if (kind) canvas.dataset.kind = kind;
  return canvas;
}

/** A die that is not chosen from: `die` as the engine shows it, or a face alone (typed-in faces). */
function staticDie(view, die, faded = false) {
  const shown = typeof die === "object" ? die : { face: die, kind: null };
  const item = document.createElement("span");
  item.className = "die";
  item.setAttribute("role", "listitem");
  item.setAttribute("aria-label", dieLabel(view, shown));
  item.append(faceCanvas(shown.face, faded, kindOf(view, shown)));
  return item;
}

/** A die to choose: a button carrying its slot (input.js reads the tap). */
function handDie(view, die) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "die";
  button.dataset.slot = String(die.slot);
  button.setAttribute("aria-pressed", "false");
  button.setAttribute("aria-label", dieLabel(view, die));
  button.classList.toggle("unsettable", !view.turn.settable.includes(die.slot)); // dimmed: not to be set aside now
  button.append(faceCanvas(die.face, false, kindOf(view, die)));
  return button;
}

/** The round, whose turn, the dice in hand and set aside; with `animate`, the hand rolls in. The roll's
 *  drawing as a promise (or null). */
export function drawTable(view, animate) {
  const turn = view.turn;
  $("fgi-round").textContent = t(view.doubled ? "fgi.round.doubled" : "fgi.round", { round: view.round, rounds: view.rounds });
  $("fgi-player").textContent = view.over ? "" : t("turn.name", { name: view.players[view.current] });
  const hand = $("fgi-hand");
  let rolled = [];
  if (turn.rolls > 0) rolled = turn.hand.map((slot) => handDie(view, turn.dice[slot]));
  else if (view.last_turn) {
    // Until the next player rolls, the last turn's dice stay on the table, faded.
    rolled = view.last_turn.dice.filter((d) => !d.aside || isSyllable(d.face)).map((d) => staticDie(view, d, true));
  }
  keepChildren(hand, rolled);
  // Dice to choose from are buttons in a group; the last turn's dice, shown until the next roll, a list.
  const lastTurn = !turn.rolls && Boolean(view.last_turn);
  hand.setAttribute("role", lastTurn ? "list" : "group");
  hand.dataset.i18nLabel = lastTurn ? "fgi.hand.last" : "fgi.hand.label";
  hand.setAttribute("aria-label", t(hand.dataset.i18nLabel));
  const aside = turn.dice.filter((d) => d.aside);
  keepChildren($("fgi-aside-numbers"), aside.filter((d) => !isSyllable(d.face)).map((d) => staticDie(view, d)));
  keepChildren($("fgi-aside-syllables"), aside.filter((d) => isSyllable(d.face)).map((d) => staticDie(view, d)));
  for (const canvas of document.querySelectorAll("#forgetit .dice canvas")) {
    drawDie(canvas, faceOf(canvas), { faded: canvas.dataset.faded === "1", kind: canvas.dataset.kind });
  }
  if (!animate) return null;
  const canvases = [...hand.querySelectorAll("canvas")];
  return animateRoll(canvases, canvases.map(faceOf), canvases.map((canvas) => canvas.dataset.kind));
}

/** Whose turn, when it is a computer seat's (`strength` not 0): its name and kind; when it is played on
 *  another phone (`elsewhere`): its name and where (its phone gone, `away`: how to go on). */
export function drawWhoPlays(view, strength, elsewhere, away) {
  const name = view.players[view.current];
  const player = $("fgi-player");
  if (strength) player.textContent = t("turn.computer", { name, kind: t(`option.forgetit.computer.${strength}`) });
  else if (elsewhere && !view.over) player.textContent = elsewhereText(name, away);
}

/** Which dice in hand are chosen. */
export function drawSelection(selection) {
  for (const button of $("fgi-hand").querySelectorAll("button")) {
    button.setAttribute("aria-pressed", String(selection.has(Number(button.dataset.slot))));
  }
}

/** The figures of the turn (as it would be with the chosen dice set aside: `turn`) and the buttons, as the
 *  turn flow allows them: none of the turn's while it is played `away` on another phone. A `guest` phone
 *  takes nothing back (its host would refuse) and is shown no figures of a choice (its host tries no
 *  action for it): its stop button names no points then. */
export function drawControls(view, turn, { choosing, busy, holding, invalid, entering, away, guest }) {
  $("fgi-number").textContent = turn.number ?? "–";
  $("fgi-count").textContent = String(turn.count);
  $("fgi-multiplier").textContent = `×${turn.multiplier}`;
  $("fgi-stop-score").textContent = String(turn.stop_score);
  const name = view.players[view.current];
  const roll = $("fgi-roll");
  const stop = $("fgi-stop");
  roll.textContent = choosing
    ? t("fgi.roll.aside")
    : view.turn.rolls === 0
      ? t("fgi.roll.first", { name })
      : view.turn.all_aside
        ? t("fgi.roll.pickup")
        : t("fgi.roll");
  stop.textContent = choosing && guest ? t("fgi.stop.aside.plain")
    : t(choosing ? "fgi.stop.aside" : "fgi.stop", { points: turn.stop_score });
  $("fgi-undo").hidden = guest;
  $("fgi-undo").disabled = busy || !view.can.undo; // (on the host, any seat's: taking back is the table's say)
  roll.disabled = busy || away || holding || !view.can.roll || invalid || entering;
  stop.disabled = busy || away || !view.can.stop || invalid || entering;
  $("fgi-advice").disabled = busy || away || view.over || entering;
}

// --- real dice: the pad to type a roll in ---------------------------------------

/** The pad's buttons, one per face a die can show (from the view), made once. */
export function drawEntryPad(view) {
  const group = $("fgi-entry").querySelector(".entry-faces");
  if (!group.children.length) {
    group.replaceChildren(...view.faces.map((face) => Object.assign(document.createElement("button"), {
      type: "button", textContent: String(face),
    })));
    view.faces.forEach((face, i) => (group.children[i].dataset.face = JSON.stringify(face)));
  }
  for (const button of group.children) button.setAttribute("aria-label", t("fgi.entry.add", { face: JSON.parse(button.dataset.face) }));
}

/** The faces typed in so far (`entry`; null: the pad is closed). */
export function drawEntry(view, entry) {
  $("fgi-entry").hidden = entry === null;
  if (entry === null) return;
  $("fgi-entry-prompt").textContent = `${t("fgi.entry.prompt", { count: view.turn.to_roll })} ${
    t("fgi.entry.count", { count: entry.length, of: view.turn.to_roll })}`;
  keepChildren($("fgi-entry-chosen"), entry.map((face, i) => { // a tap takes one face out again
    const button = Object.assign(document.createElement("button"), { type: "button", className: "die" });
    button.dataset.index = String(i);
    button.setAttribute("aria-label", t("fgi.entry.remove", { face }));
    button.append(faceCanvas(face, false, null));
    return button;
  }));
  for (const canvas of $("fgi-entry-chosen").querySelectorAll("canvas")) drawDie(canvas, faceOf(canvas));
}

// --- advice and review -------------------------------------------------------------

export function clearAdvice() {
  $("fgi-advice-list").replaceChildren();
  $("fgi-win-list").replaceChildren();
  $("fgi-win-title").textContent = "";
  $("fgi-review").textContent = "";
}

/** One choice of an advice list: marked best when what it gives away would show as nothing (`shown`: the
 *  smallest gap the list writes out, half a tenth of a point or of a percentage point). */
function adviceItem(key, gap, shown, values) {
  const li = document.createElement("li");
  const best = gap < shown;
  li.textContent = t(`${key}.${best ? "best" : "worse"}`, values);
  if (best) li.className = "best";
  return li;
}

function choiceText(view, option) {
  const { action } = option;
  if (action.type === "stop") return t("fgi.advice.stop");
  if (action.type === "roll") return t(view.turn.all_aside ? "fgi.advice.pickup" : "fgi.advice.roll");
  const dice = action.dice.map((slot) => view.turn.dice[slot]);
  const kinds = dice.map((die) => kindOf(view, die)).filter(Boolean);
  return t(`fgi.advice.aside.${option.then}${kinds.length ? ".kinds" : ""}`, {
    count: dice.length,
    number: dice[0].face,
    kinds: kinds.join(", "),
  });
}

/** Every choice open now with the points it is expected to bring (the `hint` call's answer). */
export function drawAdvice(view, { options, best }) {
  $("fgi-advice-list").replaceChildren(...options.map((option) => adviceItem("fgi.advice", best - option.value, 0.05, {
    choice: choiceText(view, option),
    points: decimal(option.value),
    gap: decimal(best - option.value),
  })));
}

/** For two players: every choice with the chance of winning it leaves (the `advice` call's answer). */
export function drawChances(view, { options, chance, estimate }) {
  $("fgi-win-title").textContent = t(estimate ? "fgi.advice.win.estimate" : "fgi.advice.win.title", { chance: percent(chance) });
  $("fgi-win-list").replaceChildren(...options.map((option) => adviceItem("fgi.advice.win", chance - option.win, 0.0005, {
    choice: choiceText(view, option),
    chance: percent(option.win),
    gap: decimal(100 * (chance - option.win)),
    points: decimal(option.points),
  })));
}

export function drawWaiting(waiting) {
  $("fgi-advice-wait").hidden = !waiting;
}

/** After a person's turn: how much expected score its decisions gave away (the `review` call's answer). */
export function drawReview(view, review) {
  const name = view.players[review.player];
  $("fgi-review").textContent = review.lost < 0.05
    ? t("fgi.review.best", { name, decisions: review.decisions.length })
    : t("fgi.review.lost", { name, points: decimal(review.lost), decisions: review.decisions.length });
}

// --- pad, log, result -----------------------------------------------------------------

const cellText = (entry) => (entry === null ? "" : entry.bust ? "—" : String(entry.points));

export function drawPad(view) {
  const table = $("fgi-pad");
  const caption = table.querySelector("caption");
  const head = tableRow("th", [t("pad.round"), ...view.players], "col");
  const body = document.createElement("tbody");
  const pad = view.pad;
  pad.rows.forEach((entries, index) => {
    const round = index + 1;
    const tr = tableRow("td", entries.map(cellText));
    tr.prepend(headerCell(String(round), "row"));
    entries.forEach((e, p) => {
      if (e?.bust) tr.children[p + 1].setAttribute("aria-label", t("fgi.pad.bust"));
    });
    if (!view.over && round === view.round) tr.children[view.current + 1].classList.add("current");
    if (round > pad.subtotal_after) tr.classList.add("doubled");
    body.append(tr);
    if (round === pad.subtotal_after) body.append(sumRow(t("fgi.pad.subtotal"), pad.subtotals, "subtotal"));
  });
  body.append(sumRow(t("pad.total"), pad.totals, "total"));
  const thead = document.createElement("thead");
  thead.append(head);
  table.replaceChildren(caption, thead, body);
}

/** The log in words; `resultWords(result)` words the end. */
export function drawLog(view, log, resultWords) {
  fillList($("fgi-log"), log.flat().map((event) => logLine(view, event, resultWords)).filter(Boolean));
}

function logLine(view, event, resultWords) {
  const name = view.players[event.player ?? event.start];
  switch (event.e) {
    case "started":
      return t("log.started", { name });
    case "rolled":
      return t(event.picked_up ? "log.pickedup" : "log.rolled", { name, faces: event.faces.join(", ") });
    case "set_aside":
      return t("log.set_aside", { name, dice: event.dice, number: event.number });
    case "bust":
      return t("log.bust", { name });
    case "stopped":
      return t("log.stopped", { name, points: event.points });
    case "over":
      return `${t("log.over")} ${resultWords(event)}`;
    default:
      return "";
  }
}

/** The message under the dice: how the last turn ended, until the next roll. */
export function lastTurnText(view) {
  const last = view.last_turn;
  if (!last || view.turn.rolls > 0) return "";
  const name = view.players[last.player];
  return last.bust ? t("fgi.last.bust", { name }) : t("fgi.last.stop", { name, points: last.points });
}

// --- the menu card -------------------------------------------------------------------------------------

const CARD_DICE = [{ face: "FOR" }, { face: "GET" }, { face: "IT" }, { face: 3 }, { face: 3 }];

/** The menu card's picture: the dice of the game in play as they lie (those set aside faded), or FOR, GET,
 *  IT and a pair before any game. */
export function drawCard(picture, view) {
  const dice = (view && !view.over && (view.turn.rolls ? view.turn.dice : view.last_turn?.dice)) || CARD_DICE;
  dieRow(picture, dice.length).forEach((canvas, i) => drawDie(canvas, dice[i].face, { faded: Boolean(dice[i].aside) }));
}
