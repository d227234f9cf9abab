// "Wer behält recht?": the engine's view onto the page — the table with the word
// under construction marked, its announcement, the rack on show, the turn's
// panel, the scores and the log of announcements. Nothing here listens for
// input or asks the engine (the table itself is TYP-DOM's board.js).

import { errorText, t } from "../../i18n.js";
import { elsewhereText, fillList, headerCell, tableRow } from "../../common.js";
import { drawMiniTable, fillTiles } from "../typdom/board.js";
import { crossingTiles } from "../typdom/draw.js";

const $ = (id) => document.getElementById(id);
const PANELS = ["bl-pass", "bl-play", "bl-forced", "bl-thinking", "bl-deal"];

const computerOf = (view, p) => view.options.computer[p] ?? 0;
const nameOf = (view, p) => (computerOf(view, p) ? `${view.players[p]} (${t(`td.strength.${computerOf(view, p)}`)})` : view.players[p]);

/** What the board shows: the table's tiles and a tile laid tentatively (`pending`, with its face). */
export function boardTiles(view, pending) {
  const tiles = view.cells.map(([row, col, colour, letter, joker]) => ({ row, col, colour, letter, joker }));
  if (pending) tiles.push({ ...pending, pending: true });
  return tiles;
}

/** The word under construction, marked under the table as a line. */
export function boardLines(view) {
  return view.word && view.word.cells.length > 1 ? [{ cells: view.word.cells, word: false }] : [];
}

export function drawHeading(view) {
  $("bl-round").textContent = `${t("bl.round", { deal: view.deal, deals: view.options.deals, pool: view.pool })}${
    view.stakes > 1 ? ` ${t("bl.stakes", { stakes: view.stakes })}` : ""}`;
  $("bl-word").textContent = view.word ? t("bl.word", { fragment: view.word.fragment, word: view.word.announced,
    name: view.players[view.word.by] }) : view.deal_over ? "" : t("bl.word.none");
  $("bl-board").setAttribute("aria-label", t("bl.board", { tiles: view.cells.length }));
}

function showPanel(id) {
  for (const panel of PANELS) $(panel).hidden = panel !== id;
}

function turnText(view) {
  const name = view.players[view.current];
  if (view.phase === "forced") return t("bl.forced", { word: view.word.announced, name });
  if (view.phase === "start") return t(view.cells.length ? "bl.start" : "bl.first", { name });
  return t("bl.turn", { name });
}

export function drawPass(view) {
  showPanel("bl-pass");
  const name = view.players[view.current];
  $("bl-status").textContent = turnText(view);
  $("bl-pass-title").textContent = t("bl.pass.title", { name });
  $("bl-pass-show").textContent = t("bl.pass.show", { name });
}

export function drawThinking(view) {
  showPanel("bl-thinking");
  $("bl-thinking").textContent = t("bl.computer", { name: view.players[view.current] });
  $("bl-status").textContent = turnText(view);
}

/** A seat played on its own phone is on turn: this device waits for it (or says how to go on, `away`). */
export function drawElsewhere(view, away) {
  showPanel(null);
  $("bl-status").textContent = `${turnText(view)} ${elsewhereText(view.players[view.current], away)}`;
}

/** A person's turn with their rack on show (`own`: their view). */
export function drawPlay(view, own) {
  showPanel(view.phase === "forced" ? "bl-forced" : "bl-play");
  $("bl-status").textContent = turnText(view);
  $("bl-extra").textContent = own.extra ? t("bl.extra", { count: own.extra }) : "";
  $("bl-missing").textContent = own.missing?.length ? t("bl.missing", { letters: own.missing.join(", ") }) : "";
}

export function clearRack() {
  $("bl-rack").replaceChildren();
}

function tileLabel(item) {
  if (item.letter === "*") return t("td.tile.joker", { colour: t(`td.colour.${item.colour}`) });
  return t("td.tile", { letter: item.letter, colour: t(`td.colour.${item.colour}`) });
}

export function drawRack(tiles, selected) {
  fillTiles($("bl-rack"), tiles.map((item) => ({ item, label: tileLabel(item), selected: selected === item.tile })));
}

/** The engine's verdict on the lay as it stands (null: it would be taken), before it is sent; while it
 *  refuses, the lay cannot be sent (drawControls), but an announcement the lexicon refuses may be let
 *  count by the table (`overrulable`: the engine would take it so). */
export function drawVerdict(refusal, asked, overrulable) {
  $("bl-verdict").textContent = !asked ? "" : refusal ? errorText(refusal) : t("bl.verdict.ok");
  $("bl-verdict").className = refusal ? "error" : "";
  $("bl-overrule").hidden = !overrulable;
  if (overrulable) $("bl-overrule").textContent = t("bl.overrule", { word: refusal.params.word });
}

export function drawDealOver(view, ended) {
  showPanel("bl-deal");
  $("bl-status").textContent = t("bl.deal.over", { deal: ended.deal });
  const names = ended.winners.map((p) => view.players[p]).join(", ");
  $("bl-deal-text").textContent = !ended.winners.length ? t("bl.deal.tie") : t(ended.blocked ? "bl.deal.blocked" : "bl.deal.won", { names });
  $("bl-next-deal").hidden = view.over;
}

export function drawScores(view) {
  const table = $("bl-scores");
  const head = [t("bl.player"), t("bl.tiles"), t("bl.points"), ...(view.options.deals > 1 ? [t("bl.total")] : [])];
  const rows = view.players.map((_, p) => {
    const tr = tableRow("td", [view.out[p] ? t("bl.out") : String(view.rack_sizes[p]), String(view.scores[p]),
      ...(view.options.deals > 1 ? [String(view.totals[p])] : [])]);
    tr.prepend(headerCell(p === view.current && !view.deal_over ? `▶ ${nameOf(view, p)}` : nameOf(view, p), "row"));
    return tr;
  });
  table.replaceChildren(table.caption ?? "", tableRow("th", head, "col"), ...rows);
}

function logLine(view, line) {
  const name = view.players[line.player];
  if (line.laid) {
    const text = line.announced ? t("bl.log.laid", { name, letter: line.laid, fragment: line.fragment, word: line.announced })
      : t("bl.log.built", { name, letter: line.laid, fragment: line.fragment, word: line.standing });
    return line.overruled?.length ? t("bl.log.overruled", { line: text }) : text;
  }
  if (line.drew) return t("bl.log.drew", { name });
  if (line.passed) return t("bl.log.passed", { name });
  if (line.finished) return t("bl.log.finished", { word: line.finished });
  const to = line.to.map((p) => view.players[p]);
  const names = to.length > 1 ? `${to.slice(0, -1).join(", ")} ${t("bl.and")} ${to.at(-1)}` : to[0];
  return t(to.length > 1 ? "bl.log.failed.each" : "bl.log.failed", { name, word: line.failed, names, points: line.paid,
    total: line.paid * to.length });
}

export function drawLog(view) {
  fillList($("bl-log"), view.log.map((line) => logLine(view, line)));
}

export function drawControls(view, own, { busy, pending, word, refused }) {
  const playing = Boolean(own) && !view.deal_over && view.phase !== "forced";
  $("bl-lay-announce").disabled = busy || !playing || !pending || !word || own.laid || refused;
  $("bl-lay-build").disabled = busy || !playing || !pending || view.phase === "start";
  $("bl-overrule").disabled = busy || !playing || !pending || own.laid;
  $("bl-clear").disabled = busy || !pending;
  $("bl-draw").disabled = busy || !playing || own.laid || own.drew || !view.pool;
  $("bl-pass-turn").disabled = busy || !playing || !own.may_pass;
  $("bl-stop").hidden = !own?.laid;
  $("bl-hint").disabled = busy || !playing || own.laid;
  $("bl-finish").disabled = busy;
  $("bl-fail").disabled = busy;
  $("bl-pass-show").disabled = busy;
}

export function drawJokerChoice(colour, letters) {
  $("bl-joker-letters").replaceChildren(...letters.map((letter) => Object.assign(document.createElement("button"), {
    type: "submit", value: letter, textContent: letter,
  })));
  $("bl-joker-prompt").textContent = t(`td.joker.${colour}`);
}

export function drawCursor(cell, letter) {
  $("bl-cursor").textContent = t(letter ? "td.cursor.tile" : "td.cursor.empty", { row: cell.row, col: cell.col, letter });
}

export function drawMessage(text) {
  $("bl-message").textContent = text;
}

// --- the menu card -------------------------------------------------------------------------------------

/** The menu card's picture: the table of the game in play in miniature, or RECHT crossing RAT before any. */
export function drawCard(picture, view) {
  drawMiniTable(picture, view?.cells.length ? boardTiles(view, null) : crossingTiles("RECHT", "RAT"));
}
