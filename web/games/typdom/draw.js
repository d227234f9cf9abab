// TYP-DOM's drawing: the engine's view, the rack on show and the tiles laid
// tentatively, onto the page. Nothing here listens for input or asks the
// engine (the table itself is board.js).

import { errorText, say, t } from "../../i18n.js";
import { elsewhereText, fillList, headerCell, spoken, tableRow } from "../../common.js";
import { drawMiniTable, fillTiles } from "./board.js";

const $ = (id) => document.getElementById(id);
const PANELS = ["td-pass", "td-play", "td-thinking", "td-deal", "td-drew"];

const isJoker = (item) => item.letter === "*";
const point = (view) => view.options.variant === "point";
const computerOf = (view, p) => view.options.computer[p] ?? 0;

/** Point-Typ-Dom shows each tile's value ("*" a joker's), as the engine's view gives it. */
function pointValue(view, letter) {
  return point(view) ? view.values[letter] : null;
}

/** What the table shows: the tiles laid, and the pending ones (`rackTile(tile)` is a rack tile's face). */
export function tableTiles(view, pending, rackTile) {
  const tiles = view.cells.map(([row, col, colour, letter, joker]) => ({
    row, col, colour, letter, joker, value: pointValue(view, joker ? "*" : letter),
  }));
  for (const item of pending) {
    const tile = rackTile(item.tile);
    tiles.push({ row: item.row, col: item.col, colour: tile.colour, letter: item.letter ?? tile.letter,
      joker: isJoker(tile), value: pointValue(view, tile.letter), pending: true });
  }
  return tiles;
}

export function drawHeading(view) {
  $("td-round").textContent = t("td.round", { deal: view.deal, deals: view.options.deals, pool: view.pool });
  $("td-board").setAttribute("aria-label", t("td.board", { tiles: view.cells.length }));
}

export function drawScores(view) {
  const table = $("td-scores");
  const head = [t("td.player"), t("td.tiles"), ...(point(view) ? [t("td.points")] : []),
    ...(view.options.deals > 1 ? [t("td.total")] : [])];
  const rows = view.players.map((player, p) => {
    const tr = tableRow("td", [String(view.rack_sizes[p]), ...(point(view) ? [String(view.scores[p])] : []),
      ...(view.options.deals > 1 ? [String(view.totals[p])] : [])]);
    const label = computerOf(view, p) ? `${player} (${t(`td.strength.${computerOf(view, p)}`)})` : player;
    tr.prepend(headerCell(p === view.current && !view.deal_over ? `▶ ${label}` : label, "row"));
    return tr;
  });
  table.replaceChildren(table.caption ?? "", tableRow("th", head, "col"), ...rows);
}

function logLine(view, line) {
  const name = view.players[line.player];
  if (!line.words.length) {
    return t(spoken(view, line.drew ? "td.log.drew" : "td.log.pass", line.player), { name, count: line.drew });
  }
  const key = spoken(view, point(view) ? "td.log.placed.points" : "td.log.placed", line.player);
  const text = t(key, { name, words: line.words.join(", "), points: line.points });
  return line.overruled?.length ? t("td.log.overruled", { line: text, words: line.overruled.join(", ") }) : text;
}

/** At a deal's end, each player's tiles left with their worth, the sum, and the deal's points: the
 *  arithmetic the table checks, on screen and in the log. */
function payout(view) {
  const tile = (letter) => (letter === "*" ? "★" : letter);
  return view.leftover.map(({ tiles, values, sum }, p) => (tiles.length
    ? t(spoken(view, "td.deal.left", p), { name: view.players[p], points: view.scores[p], owed: sum,
      tiles: tiles.map((letter, i) => `${tile(letter)} ${values[i]}`).join(" + ") })
    : t(spoken(view, "td.deal.none", p), { name: view.players[p], points: view.scores[p] })));
}

export function drawLog(view) {
  const lines = view.log.map((line) => logLine(view, line));
  fillList($("td-log"), view.leftover ? [...lines, ...payout(view)] : lines);
}

function showPanel(id) {
  for (const panel of PANELS) $(panel).hidden = panel !== id;
  $("td-actions").hidden = id !== "td-play"; // the move's own bar, kept in view
}

/** A computer seat's turn. */
export function drawThinking(view) {
  showPanel("td-thinking");
  $("td-status").textContent = t("td.thinking", { name: view.players[view.current] });
}

/** A seat played on its own phone is on turn: this device waits for it (or says how to go on, `away`). */
export function drawElsewhere(view, away) {
  showPanel(null);
  $("td-status").textContent = elsewhereText(view.players[view.current], away);
}

/** The pass screen before a rack is shown; `confirming`: its second, deliberate tap. */
export function drawPass(view, confirming = false) {
  showPanel("td-pass");
  const player = view.players[view.current];
  $("td-status").textContent = ""; // (the pass screen's title says it: once, not twice)
  $("td-pass-title").textContent = t("td.pass.title", { name: player });
  $("td-pass-me").textContent = t("td.pass.me", { name: player });
  $("td-pass-me").hidden = confirming;
  $("td-pass-confirm").hidden = !confirming;
  $("td-pass-question").textContent = t("td.pass.confirm", { name: player });
  if (confirming) $("td-pass-show").focus();
}

/** A deal's end: who went out (or that it was blocked) and what everyone was left with (the `deal_over`
 *  event). */
export function drawDealOver(view, ended) {
  showPanel("td-deal");
  $("td-status").textContent = t("td.deal.over", { deal: ended.deal });
  const winners = ended.winners.map((p) => view.players[p]).join(", ");
  $("td-deal-text").textContent = t(ended.blocked ? "td.deal.blocked" : "td.deal.won", { names: winners });
  fillList($("td-deal-left"), payout(view));
  $("td-next-deal").hidden = view.over;
}

/** The tiles a person just drew, shown to them before the device goes on (`drew`: {player, tiles}). */
export function drawDrew(view, drew) {
  showPanel("td-drew");
  $("td-status").textContent = t(spoken(view, "td.drew", drew.player), { name: view.players[drew.player] });
  $("td-drew-text").textContent = t(spoken(view, "td.drew", drew.player), { name: view.players[drew.player] });
  fillTiles($("td-drew-tiles"), drew.tiles.map((item) => ({
    item: { ...item, value: pointValue(view, item.letter) }, label: tileLabel(view, item), selected: false })));
}

/** A person's turn with their rack on show. */
export function drawPlay(view, player) {
  showPanel("td-play");
  $("td-status").textContent = t(spoken(view, view.second ? "td.second" : "td.turn", player), { name: view.players[player] });
}

/** Nothing of a rack stays in the page once it is not on show. */
export function clearRack() {
  $("td-rack").replaceChildren();
  $("td-drew-tiles").replaceChildren();
}

function tileLabel(view, item) {
  if (isJoker(item)) return t("td.tile.joker", { colour: t(`td.colour.${item.colour}`) });
  const key = point(view) ? "td.tile.points" : "td.tile";
  return t(key, { letter: item.letter, colour: t(`td.colour.${item.colour}`), value: item.value });
}

/** The rack tiles still in hand (`tiles`, in this device's order), as buttons carrying their tile. */
export function drawRack(view, tiles, selected) {
  fillTiles($("td-rack"), tiles.map((item) => ({
    item: { ...item, value: pointValue(view, item.letter) }, label: tileLabel(view, item), selected: selected === item.tile })));
}

export function focusRackTile(tile) {
  $("td-rack").querySelector(`[data-tile="${tile}"]`)?.focus();
}

/** The engine's reading of the pending tiles: each word it makes, judged; a problem; the overrule for words
 *  only the lexicon refuses (the engine checks the rest as ever). */
export function drawPreview(view, preview) {
  const lines = (preview?.words ?? []).map(({ word, valid }) => t(valid ? "td.word.ok" : "td.word.bad", { word }));
  if (preview && !preview.problem && point(view)) lines.push(t("td.word.points", { points: preview.points }));
  fillList($("td-words"), lines);
  const refused = preview?.problem?.code === "not_a_word" ? preview.words.filter((w) => !w.valid).map((w) => w.word) : [];
  // (a word refused is said once, in the list: the move bar stays low enough for the hand's second row)
  $("td-problem").textContent = preview?.problem && !refused.length ? errorText(preview.problem) : "";
  $("td-overrule").hidden = !refused.length;
  $("td-overrule").textContent = t("td.overrule.short");
  $("td-overrule").setAttribute("aria-label", t("td.overrule", { words: refused.join(", ") }));
}

/** The turn's actions beside laying tiles (draws, stop), as buttons carrying their place in `legal`. */
export function drawActions(legal) {
  $("td-draws").replaceChildren(...legal.map((action, index) => {
    const button = document.createElement("button");
    button.type = "button";
    button.dataset.index = String(index);
    button.textContent = action.type === "stop" ? t("td.stop") : t("td.draw", { count: action.count });
    return button;
  }));
}

export function drawControls(view, { busy, holding, preview, pending, showing }) {
  $("td-place").disabled = busy || !preview || Boolean(preview.problem);
  $("td-overrule").disabled = busy;
  $("td-clear").disabled = busy || !pending;
  $("td-hint").disabled = busy || !showing;
  for (const button of $("td-draws").children) button.disabled = busy || holding || pending > 0;
  $("td-undo").disabled = busy || !view?.can.undo;
  $("td-pass-me").disabled = busy;
}

/** What is under the keyboard cursor, for a screen reader. */
export function drawCursor(cell, letter) {
  $("td-cursor").textContent = t(letter ? "td.cursor.tile" : "td.cursor.empty", { row: cell.row, col: cell.col, letter });
}

/** The joker's letters for its colour, in the dialog that asks for one. */
export function drawJokerChoice(colour, letters) {
  $("td-joker-letters").replaceChildren(...letters.map((letter) => Object.assign(document.createElement("button"), {
    type: "submit", value: letter, textContent: letter,
  })));
  $("td-joker-prompt").textContent = t(`td.joker.${colour}`);
}

/** The message of the moment (a hint), or none. */
export function drawMessage(key, params) {
  say($("td-message"), key, params);
}

// --- the menu card -------------------------------------------------------------------------------------

/** Tiles spelling `across` from (0, 0) and `down` from the same first letter: a menu card's crossword. */
export function crossingTiles(across, down, colourOf = (letter) => ("AEIOUY".includes(letter) ? "red" : "black")) {
  return [
    ...[...across].map((letter, col) => ({ row: 0, col, letter, colour: colourOf(letter) })),
    ...[...down].slice(1).map((letter, i) => ({ row: i + 1, col: 0, letter, colour: colourOf(letter) })),
  ];
}

/** The menu card's picture: the table of the game in play in miniature, or WORT crossing WURF before any. */
export function drawCard(picture, view) {
  drawMiniTable(picture, view?.cells.length ? tableTiles(view, [], null) : crossingTiles("WORT", "WURF"));
}
