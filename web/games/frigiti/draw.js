// Frigiti's drawing: the engine's view (and the word being laid, the private
// view unlocked, the picks) onto the screen. Nothing here listens for input or
// asks the engine. All text from players is inserted as text, never as HTML.

import { t } from "../../i18n.js";
import { animateLetterRoll, dieCanvas, dieRow, drawLetterDie } from "../../dice.js";
import { fillList, headerCell, keepChildren, listItem, tableRow } from "../../common.js";

const $ = (id) => document.getElementById(id);
const PANELS = ["fr-pass", "fr-create", "fr-write", "fr-read", "fr-judge"];

/** Show the one step panel `id` (null: none). */
function showPanel(id) {
  for (const panel of PANELS) $(panel).hidden = panel !== id;
}

export function drawRound(view) {
  const round = t("fr.round", { round: view.round, rounds: view.rounds });
  $("fr-round").textContent = view.word ? `${round} · ${view.word}` : round;
}

/** The game is over: no step is open. */
export function clearStep() {
  showPanel(null);
  $("fr-status").textContent = "";
}

/** A step taken on other phones (writing, marking, the creator's word, the reader's keyword): whom the table
 *  waits for. */
export function drawWaiting(view, waiting) {
  showPanel(null);
  $("fr-status").textContent = t("fr.waiting", { names: waiting.map((p) => view.players[p]).join(", ") });
}

// --- passing the device -------------------------------------------------------------

/** The pass screen for `next` ({step, player}): its first tap, focused unless focus is elsewhere on screen;
 *  `holding`: the device is with that player already (their own step was just on show). */
export function drawPass(view, next, holding = false) {
  const name = view.players[next.player];
  $("fr-status").textContent = ""; // (the pass screen's title says it: once, not twice)
  showPanel("fr-pass");
  $("fr-pass-title").textContent = t(holding ? "fr.pass.keep" : "fr.pass.title", { name });
  $("fr-pass-text").textContent = t(`fr.pass.${next.step}`, { name });
  $("fr-pass-me").textContent = t("fr.pass.me", { name });
  $("fr-pass-me").hidden = false;
  $("fr-pass-confirm").hidden = true;
  $("fr-pass-question").textContent = t("fr.pass.confirm", { name });
  focusUnlessElsewhere($("fr-pass-me"));
}

/** Focus `button` if it can take it and nothing else on screen has the focus. */
function focusUnlessElsewhere(button) {
  if (document.activeElement === document.body || !document.activeElement?.offsetParent) button.focus();
}

/** The pass screen's second tap: a private step opens only when asked twice. */
export function drawPassConfirm() {
  $("fr-pass-me").hidden = true;
  $("fr-pass-confirm").hidden = false;
  $("fr-pass-show").focus();
}

/** The private step `unlocked` ({step, player, view}) with what that player's own view holds. Judging's
 *  picks are drawn by drawPicks. */
export function drawPrivate(view, { step, player, view: mine }) {
  $("fr-status").textContent = view.players[player];
  if (step === "write") {
    showPanel("fr-write");
    $("fr-write-word").textContent = view.word;
    $("fr-write-label").textContent = t("fr.write.label", { word: view.word });
    $("fr-definition").value = "";
    $("fr-definition").focus();
  } else if (step === "read") {
    showPanel("fr-read");
    $("fr-read-intro").textContent = t("fr.read.aloud", { word: view.word });
    $("fr-read-text").textContent = mine.mine.to_read;
    $("fr-keyword").value = mine.mine.suggestion;
    $("fr-keyword").focus();
  } else {
    showPanel("fr-judge");
    drawJudging(view, mine.mine.own_reader);
  }
}

/** One button per reading, carrying its reader (input.js reads the tap); the judge's own reading is marked
 *  and cannot be picked. */
function drawJudging(view, own) {
  $("fr-judge-intro").textContent = t("fr.judge.intro", { reader: view.players[own] });
  $("fr-judge-word").textContent = view.word;
  $("fr-judge-options").replaceChildren(
    ...view.order.map((reader) => {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "choice";
      button.dataset.reader = String(reader);
      const keyword = view.keywords[reader];
      button.textContent = t(reader === own ? "fr.judge.own" : "fr.judge.pick", { keyword, reader: view.players[reader] });
      button.setAttribute("aria-pressed", String(reader === own));
      button.disabled = reader === own;
      return button;
    }),
  );
}

/** Which readings are picked; judging is handed in only with exactly as many picks as the rules ask. */
export function drawPicks(view, picks, busy) {
  for (const button of $("fr-judge-options").children) {
    const reader = Number(button.dataset.reader);
    if (!button.disabled) button.setAttribute("aria-pressed", String(picks.has(reader)));
  }
  $("fr-judge-count").textContent = t("fr.judge.count", { count: picks.size, picks: view.picks });
  $("fr-judge").querySelector('[type="submit"]').disabled = picks.size !== view.picks || busy;
}

// --- creating the word ---------------------------------------------------------------

export function drawCreating(view, creator) {
  $("fr-status").textContent = t("fr.creator", { name: view.players[creator] });
  showPanel("fr-create");
}

function dieFace(view, d, face) {
  return { colour: view.dice[d].kind === "vowel" ? "vokal" : "konsonant", mark: "", face, value: null };
}

/** The rolled dice, each a button carrying its number (input.js reads the tap); when the view's events hold
 *  a roll, the dice roll in. The roll's drawing as a promise (or null). */
export function drawDice(view) {
  const buttons = view.faces.map((face, d) => {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "die";
    button.dataset.die = String(d);
    button.setAttribute("aria-label", t("fr.die", { n: d + 1, face: face ?? "–" }));
    button.append(dieCanvas());
    return button;
  });
  keepChildren($("fr-dice"), view.rolls ? buttons : []);
  const canvases = [...$("fr-dice").querySelectorAll("canvas")];
  const dice = view.faces.map((face, d) => dieFace(view, d, face));
  canvases.forEach((canvas, d) => drawLetterDie(canvas, dice[d]));
  if (!view.events.some((e) => e.e === "rolled")) return null;
  const passing = view.dice.map((die) => [...die.faces].map((face) => ({ face })));
  return animateLetterRoll(canvases, dice, passing);
}

/** The dice laid into the word (`word`: their numbers, in order), each a button that takes it back, and
 *  which of the rolled dice are laid. */
export function drawWord(view, word) {
  const buttons = word.map((d) => {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "die";
    button.dataset.die = String(d);
    button.setAttribute("aria-label", `${view.faces[d]}: ${t("common.remove")}`);
    button.append(dieCanvas());
    return button;
  });
  keepChildren($("fr-word"), buttons.map(listItem));
  const canvases = $("fr-word").querySelectorAll("canvas");
  word.forEach((d, i) => drawLetterDie(canvases[i], dieFace(view, d, view.faces[d])));
  for (const button of $("fr-dice").children) {
    button.setAttribute("aria-pressed", String(word.includes(Number(button.dataset.die))));
  }
}

/** The offer to take a word the table's dictionary already has. */
export function drawAnyway(offered) {
  $("fr-anyway").hidden = !offered;
}

/** The buttons, as the turn flow allows them; undo never while someone's private step is open. */
export function drawControls(view, word, { busy, holding, privateOpen }) {
  $("fr-roll").textContent = view.rolls ? t("fr.reroll") : t("fr.roll", { name: view.players[view.creator ?? 0] });
  $("fr-roll").disabled = busy || holding || view.over;
  const laid = word.map((d) => view.faces[d]).join("");
  $("fr-create-word").textContent = laid.length >= view.min_letters ? t("fr.create", { word: laid }) : t("fr.create.empty");
  $("fr-create-word").disabled = busy || laid.length < view.min_letters;
  $("fr-undo").disabled = busy || !view.can.undo || privateOpen;
  for (const form of ["fr-write", "fr-read", "fr-judge"]) {
    for (const button of $(form).querySelectorAll('[type="submit"]')) button.disabled = busy;
  }
  // Opening a step asks the engine: a tap while the page is busy would be lost, so it cannot be made. The pass
  // screen's focus, which its button could not take while disabled, comes with it.
  $("fr-pass-me").disabled = busy;
  $("fr-pass-show").disabled = busy;
  if (!busy && !$("fr-pass-me").hidden && $("fr-pass").offsetParent) focusUnlessElsewhere($("fr-pass-me"));
}

// --- after a round ----------------------------------------------------------------------

/** Between rounds and at the end: the last round's readings and how the chips moved (one after another);
 *  every other round played so far in the list of rounds. */
export function drawReveal(view) {
  const last = view.sheet.at(-1);
  const between = last && (view.over || (view.phase === "create" && view.rolls === 0));
  $("fr-reveal").hidden = !between;
  drawRounds(view, between ? view.sheet.slice(0, -1) : view.sheet);
  if (!between) return;
  $("fr-reveal-title").textContent = t("fr.reveal.title", { round: last.round, word: last.word });
  fillRound(view, last, $("fr-readings"), $("fr-moves"));
  $("fr-keep").disabled = false;
  $("fr-kept").textContent = "";
}

/** Earlier rounds stay readable to the end of the game, each opened on request (and kept open when the
 *  screen is redrawn). */
function drawRounds(view, rounds) {
  const list = $("fr-rounds-list");
  const open = new Set([...list.querySelectorAll("details[open]")].map((details) => details.dataset.round));
  list.replaceChildren(...rounds.map((round) => {
    const details = document.createElement("details");
    details.className = "reveal";
    details.dataset.round = `${round.round}:${round.word}`;
    details.open = open.has(details.dataset.round);
    const summary = document.createElement("summary");
    summary.textContent = t("fr.reveal.title", { round: round.round, word: round.word });
    const readings = document.createElement("ol");
    const moves = document.createElement("ol");
    moves.className = "moves";
    fillRound(view, round, readings, moves);
    details.append(summary, readings, moves);
    return details;
  }));
  $("fr-rounds").hidden = !rounds.length;
}

/** A round's readings, each with its keyword and author, and every chip that changed hands. */
function fillRound(view, round, readings, moves) {
  const name = (p) => view.players[p];
  fillList(readings, round.readings.map((r) => t("fr.reveal.reading", {
    reader: name(r.reader), keyword: r.keyword, author: name(r.author), text: r.text,
  })));
  fillList(moves, round.movements.filter((m) => m.from !== m.to).map((m) => t("fr.reveal.move", {
    from: name(m.from), to: name(m.to),
  })));
  [...moves.children].forEach((li, i) => li.style.setProperty("--i", String(i)));
}

/** The round's word is in the dictionary: said next to the button, which keeps it only once. */
export function drawKept(word) {
  $("fr-kept").textContent = t("fr.kept", { word });
  $("fr-keep").disabled = true;
}

// --- chips, sheet, progress, log, result -------------------------------------------------

export function drawTokens(view) {
  const last = view.sheet.at(-1);
  const table = $("fr-tokens");
  const caption = table.querySelector("caption");
  const thead = document.createElement("thead");
  thead.append(tableRow("th", ["", t("fr.tokens.round"), t("fr.tokens.total")], "col"));
  const body = document.createElement("tbody");
  view.players.forEach((player, p) => {
    const net = last ? last.net[p] : 0;
    const tr = tableRow("td", [last ? (net > 0 ? `+${net}` : String(net)) : "", String(view.tokens[p])]);
    tr.prepend(headerCell(player, "row"));
    body.append(tr);
  });
  table.replaceChildren(caption, thead, body);
}

/** The keyword sheet: per round's word, the keyword each player read out. */
export function drawSheet(view) {
  const table = $("fr-sheet");
  const thead = document.createElement("thead");
  thead.append(tableRow("th", [t("fr.sheet.word"), ...view.players], "col"));
  const body = document.createElement("tbody");
  for (const round of view.sheet) {
    const byReader = Object.fromEntries(round.readings.map((r) => [r.reader, r.keyword]));
    const tr = tableRow("td", view.players.map((_, p) => byReader[p] ?? ""));
    tr.prepend(headerCell(round.word, "row"));
    body.append(tr);
  }
  table.replaceChildren(thead, body);
}

/** How many have written or judged, and the keywords read out so far. */
export function drawProgress(view) {
  const total = view.players.length;
  const lines = [];
  if (view.phase === "write") lines.push(t("fr.written", { done: view.written.filter(Boolean).length, total }));
  if (view.phase === "judge") lines.push(t("fr.judged", { done: view.judged.filter(Boolean).length, total }));
  if (view.phase === "read" || view.phase === "judge") {
    lines.push(...view.read.map((r) => `${view.players[r.reader]}: ${r.keyword}`));
  }
  $("fr-progress").replaceChildren(...lines.map((line) => {
    const p = document.createElement("p");
    p.textContent = line;
    return p;
  }));
}

/** The log in words; `resultWords(result)` words the end. */
export function drawLog(view, log, resultWords) {
  fillList($("fr-log"), log.flat().map((event) => logLine(view, event, resultWords)).filter(Boolean));
}

function logLine(view, event, resultWords) {
  const who = view.players[event.player ?? event.start];
  switch (event.e) {
    case "started":
      return t("log.started", { name: who });
    case "rolled":
      return t("log.fr.rolled", { name: who, faces: event.faces.join(" ") });
    case "created":
      return t("log.fr.created", { name: who, word: event.word });
    case "wrote":
      return t("log.fr.wrote", { name: who });
    case "dealt":
      return t("log.fr.dealt");
    case "keyword":
      return t("log.fr.keyword", { name: who, keyword: event.keyword });
    case "judged":
      return t("log.fr.judged", { name: who });
    case "tokens":
      return t("log.fr.tokens", { round: event.round });
    case "over":
      return `${t("log.over")} ${resultWords(event)}`;
    default:
      return "";
  }
}

// --- the menu card -------------------------------------------------------------------------------------

const CARD_WORD = "FRIGITI";

/** The menu card's picture: the dice of the round in play, or FRIGITI on vowel and consonant dice. */
export function drawCard(picture, view) {
  const faces = view && !view.over && view.rolls ? view.faces : null;
  const dice = faces ? faces.map((face, d) => dieFace(view, d, face))
    : [...CARD_WORD].map((face) => ({ colour: "AEIOU".includes(face) ? "vokal" : "konsonant", mark: "", face, value: null }));
  dieRow(picture, dice.length).forEach((canvas, i) => drawLetterDie(canvas, dice[i]));
}
