// TYP-DOM Presto's drawing: the engine's view, the racer's hand and table as
// they lie on this device, the clock, and the deal's end with every table side
// by side, onto the page. Nothing here listens for input or asks the engine
// (the table itself is TYP-DOM's board.js).

import { getLanguage, t } from "../../i18n.js";
import { fillList, headerCell, ownPhone, spoken, tableRow } from "../../common.js";
import { drawMiniTable, drawTile, fillTiles } from "../typdom/board.js";
import { crossingTiles } from "../typdom/draw.js";

const $ = (id) => document.getElementById(id);
const PANELS = ["pr-pass", "pr-race", "pr-time-up", "pr-thinking", "pr-deal"];
const THUMB = 152; // a finished table's picture, CSS pixels square (two fit side by side on a phone)

/** A race's time as a clock shows it: minutes, seconds and hundredths ("1:05,30"). */
export function clockText(seconds) {
  const whole = Math.floor(seconds);
  const hundredths = Math.floor((seconds - whole) * 100 + 1e-6);
  const separator = getLanguage() === "de" ? "," : ".";
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}${separator}${String(hundredths).padStart(2, "0")}`;
}

const computerOf = (view, p) => view.options.computer[p] ?? 0;
const nameOf = (view, p) => (computerOf(view, p) ? `${view.players[p]} (${t(`option.presto.computer.${computerOf(view, p)}`)})` : view.players[p]);

export function drawHeading(view) {
  $("pr-round").textContent = t(spoken(view, "pr.round"), { deal: view.deal, deals: view.options.deals, tiles: view.hand_size,
    minutes: view.options.minutes });
}

function showPanel(id) {
  for (const panel of PANELS) $(panel).hidden = panel !== id;
}

/** The pass screen before a race: "Go!" for the next racer, or to go on with a race a reload interrupted (its
 *  clock at `seconds`, running on). A game of one has no device to pass, nor has a guest phone (`guest`: its
 *  race starts with the host's "Go!", or its own). On the host, "Go!" starts the races of the linked seats
 *  `starting` too (with no `seat` of its own to race: theirs only). */
export function drawPass(view, seat, resuming, seconds, { starting = [], guest = false } = {}) {
  showPanel("pr-pass");
  const name = view.players[seat];
  const own = ownPhone(view) || guest;
  const title = seat === null ? t("pr.pass.all") : guest ? t("pr.pass.guest", { name })
    : !ownPhone(view) ? t("pr.pass.title", { name })
      : view.options.table_of ? t("pr.pass.shared", { name, seat: view.options.seat + 1, players: view.options.table_of })
        : t("pr.pass.own");
  const linked = starting.length ? ` ${t("pr.pass.linked", { names: starting.map((p) => view.players[p]).join(", ") })}` : "";
  $("pr-status").textContent = ""; // (the pass screen's title says it: once, not twice)
  $("pr-pass-title").textContent = title;
  $("pr-pass-text").textContent = (resuming ? t(spoken(view, "pr.pass.resume"), { name, time: clockText(seconds) })
    : t(guest ? "pr.pass.guest.text" : seat === null ? "pr.pass.all.text" : "pr.pass.text")) + linked;
  $("pr-go").textContent = seat === null ? t("pr.go.all")
    : t(own ? (resuming ? "pr.go.own.resume" : "pr.go.own") : resuming ? "pr.go.resume" : "pr.go", { name });
}

/** Nothing left to race on this device: the others race on (`seats`), their times come in as they finish. */
export function drawOthers(view, seats) {
  showPanel("pr-thinking");
  const text = t("pr.others", { names: seats.map((p) => view.players[p]).join(", ") });
  $("pr-thinking").textContent = text;
  $("pr-status").textContent = text;
}

/** A race ran out of time on this device: said before the device goes on to what comes next. */
export function drawTimeUp(view, seat) {
  showPanel("pr-time-up");
  $("pr-status").textContent = t("pr.time_up.title");
  $("pr-time-up-text").textContent = t("pr.time_up.text", { name: view.players[seat] });
  $("pr-time-up-next").focus({ preventScroll: true });
}

export function drawThinking(view, seat) {
  showPanel("pr-thinking");
  $("pr-thinking").textContent = t("pr.computer", { name: view.players[seat] });
  $("pr-status").textContent = t("pr.computer", { name: view.players[seat] });
}

export function drawRace(view, seat) {
  showPanel("pr-race");
  $("pr-status").textContent = t(spoken(view, "pr.racing"), { name: view.players[seat] });
}

/** Nothing of a hand stays in the page once it is not on show. */
export function clearHand() {
  $("pr-hand").replaceChildren();
  $("pr-lines").replaceChildren();
}

function tileLabel(item) {
  if (item.letter === "*") return t("td.tile.joker", { colour: t(`td.colour.${item.colour}`) });
  return t("td.tile", { letter: item.letter, colour: t(`td.colour.${item.colour}`) });
}

/** The tiles in hand (in this device's order), as buttons carrying their tile. */
export function drawHand(tiles, selected) {
  fillTiles($("pr-hand"), tiles.map((item) => ({ item, label: tileLabel(item), selected: selected === item.tile })));
}

export function focusHandTile(tile) {
  $("pr-hand").querySelector(`[data-tile="${tile}"]`)?.focus();
}

/** What the board shows of the table as it lies here: every tile movable, and the engine's marks. */
export function boardTiles(cells, handTile) {
  return [...cells.entries()].map(([place, { tile, letter }]) => {
    const [row, col] = place.split(",").map(Number);
    const { colour, letter: own } = handTile(tile);
    return { row, col, colour, letter, joker: own === "*", movable: true };
  });
}

export function boardLines(marks) {
  return (marks ?? []).map((mark) => ({ cells: mark.cells, word: mark.counts }));
}

/** The lines and whether each is a word, in words too (for a screen reader). */
export function drawLines(marks) {
  fillList($("pr-lines"), (marks ?? []).map((mark) => t(mark.counts ? "pr.line.word" : "pr.line.not", { word: mark.word })));
  $("pr-board").setAttribute("aria-label", t("pr.board", { tiles: $("pr-hand").children.length }));
}

export function drawClock(seconds, limit) {
  $("pr-clock").textContent = `${clockText(seconds)} / ${clockText(limit).replace(/[.,]00$/, "")}`;
  $("pr-clock").classList.toggle("late", limit - seconds < 30);
}

export function drawProblem(text) {
  $("pr-problem").textContent = text;
}

/** A finished table, small: its tiles fitted into a square picture. */
function tablePicture(cells, label) {
  const canvas = document.createElement("canvas");
  const ratio = window.devicePixelRatio || 1;
  canvas.width = canvas.height = THUMB * ratio;
  canvas.style.width = canvas.style.height = `${THUMB}px`;
  canvas.setAttribute("role", "img");
  canvas.setAttribute("aria-label", label);
  const ctx = canvas.getContext("2d");
  ctx.scale(ratio, ratio);
  if (!cells.length) return canvas;
  const rows = cells.map(([r]) => r);
  const cols = cells.map(([, c]) => c);
  const top = Math.min(...rows);
  const left = Math.min(...cols);
  const size = Math.min(28, THUMB / (Math.max(...rows) - top + 1), THUMB / (Math.max(...cols) - left + 1));
  const x0 = (THUMB - (Math.max(...cols) - left + 1) * size) / 2;
  const y0 = (THUMB - (Math.max(...rows) - top + 1) * size) / 2;
  for (const [row, col, colour, letter, joker] of cells) {
    drawTile(ctx, x0 + (col - left) * size, y0 + (row - top) * size, size, { letter, colour, joker });
  }
  return canvas;
}

/** The words a table holds, for the picture's label. */
const wordsOf = (table) => (table.marks ?? []).map((mark) => mark.word).join(", ");

/** One racer's line at the deal's end: place, time and points; in a game of one only the time (its ranking, if
 *  any, is made where the tables are checked). */
function rankLine(view, p) {
  if (ownPhone(view)) return view.places[p] ? t("pr.rank.own", { time: clockText(view.seconds[p]) }) : t("pr.rank.own.out");
  return view.places[p] ? t("pr.rank", { place: view.places[p], name: nameOf(view, p), time: clockText(view.seconds[p]),
    points: view.scores[p] }) : t("pr.rank.out", { name: nameOf(view, p) });
}

/** A deal's end: the ranking by time with the points, every table side by side, and what the engine laid of a
 *  hand given up (`shownSolution`: {cells, left}). */
export function drawDealOver(view, shownSolution) {
  showPanel("pr-deal");
  $("pr-status").textContent = t("pr.deal.over", { deal: view.deal });
  const order = view.players.map((_, p) => p).sort((a, b) => (view.places[a] ?? 99) - (view.places[b] ?? 99));
  fillList($("pr-ranking"), order.map((p) => rankLine(view, p)));
  const figures = order.map((p) => {
    const figure = document.createElement("figure");
    const caption = document.createElement("figcaption");
    caption.textContent = ownPhone(view) ? t("pr.table.own") : t("pr.table.of", { name: view.players[p] });
    const table = view.tables[p];
    figure.append(tablePicture(table.cells, `${caption.textContent}: ${wordsOf(table)}`), caption);
    return figure;
  });
  if (shownSolution) {
    const figure = document.createElement("figure");
    const caption = document.createElement("figcaption");
    caption.textContent = shownSolution.left ? t("pr.solution.partial", { count: shownSolution.left }) : t("pr.solution");
    figure.append(tablePicture(shownSolution.cells, caption.textContent), caption);
    figures.push(figure);
  }
  $("pr-tables").replaceChildren(...figures);
  $("pr-next-deal").hidden = view.over;
  $("pr-shared-check").hidden = !view.options.table_of;
  $("pr-daily-open").hidden = !view.options.day;
  drawShared(null);
}

/** The end of a game of one speaks to its player: no ranking of one, no last move; a new hand for a solo game
 *  in place of the rematch "with the same people", and none for a shared seat or the day's puzzle (each is
 *  played once). */
export function drawOwnEnd(view) {
  const section = $("pr-result");
  const rematch = section.querySelector('[data-action="rematch"]');
  const own = ownPhone(view);
  rematch.hidden = own && Boolean(view.options.table_of || view.options.day);
  rematch.dataset.i18n = own ? "pr.solo.again" : "result.rematch";
  rematch.textContent = t(rematch.dataset.i18n);
  if (!own || !view.over) return;
  fillList(section.querySelector(".ranking"), []);
  section.querySelector(".last-move").textContent = "";
}

/** A code in the code's style, broken only between its groups (it is read out and typed in its groups). */
function codeSpan(code) {
  const span = Object.assign(document.createElement("span"), { className: "code" });
  const groups = code.split("-");
  span.append(...groups.map((group, i) => Object.assign(document.createElement("span"), {
    className: "code-group", textContent: i < groups.length - 1 ? `${group}-` : group,
  })));
  return span;
}

/** `element` filled with the sentence `key` says, each code of `codes` ({param: code}) set as a code. */
function sayWithCodes(element, key, params, codes) {
  const marks = Object.fromEntries(Object.keys(codes).map((name) => [name, `\u0000${name}\u0000`]));
  const parts = t(key, { ...params, ...marks }).split("\u0000");
  element.replaceChildren(...parts.map((part, i) => (i % 2 ? codeSpan(codes[part]) : part)));
}

/** A shared deal's finish on this phone, to read out: all another phone needs to check it. */
export function drawShared(result) {
  $("pr-shared").hidden = !result;
  if (!result) return;
  sayWithCodes($("pr-shared"), "pr.share.read_out", { name: result.name, seat: result.seat + 1,
    time: clockText(result.seconds) }, { table: result.table, check: result.check });
}

/** The deal's code in its sentence. */
export function drawShareCode(code) {
  sayWithCodes($("pr-share-code"), "pr.share.made", {}, { code });
}

/** The ranking one phone has made of the shared deal's tables it checked (the engine's places and points). */
export function drawStandings(rows) {
  $("pr-standings").hidden = !rows.length;
  fillList($("pr-standings-list"), rows.map((row) => t(row.name ? "pr.share.rank" : "pr.share.rank.unnamed", {
    place: row.place, name: row.name, seat: row.seat + 1, time: clockText(row.seconds), points: row.points })));
}

/** The record of the puzzles of the day: today's result, the figures (the engine's), and `note` above. */
export function drawDaily(note, day, entry, figures) {
  const date = new Date(`${day}T12:00`).toLocaleDateString(getLanguage());
  $("pr-daily-note").textContent = note;
  $("pr-daily-note").hidden = !note;
  $("pr-daily-today").textContent = entry.solved ? t("pr.daily.solved", { date, time: clockText(entry.seconds) })
    : t("pr.daily.failed", { date });
  const time = (seconds) => (seconds === null ? "–" : clockText(seconds));
  fillList($("pr-daily-figures"), [t("pr.daily.played", { count: figures.played }),
    t("pr.daily.solved_count", { count: figures.solved }), t("pr.daily.streak", { count: figures.streak }),
    t("pr.daily.best", { time: time(figures.best) }), t("pr.daily.median", { time: time(figures.median) })]);
  $("pr-daily-status").textContent = "";
}

/** The day's result to pass on, without its solution. */
export function dailyText(day, entry, figures) {
  const date = new Date(`${day}T12:00`).toLocaleDateString(getLanguage());
  return entry.solved ? t("pr.daily.text.solved", { date, time: clockText(entry.seconds), streak: figures.streak })
    : t("pr.daily.text.failed", { date });
}

export function drawVerified(text) {
  $("pr-verify-result").textContent = text;
}

/** Each form of the shared deal's dialog says its error under what caused it. */
export function clearShareErrors() {
  for (const id of ["pr-share-create-error", "pr-share-join-error", "pr-verify-error"]) $(id).textContent = "";
  $("pr-share-join-code").removeAttribute("aria-invalid");
}

export function drawScores(view) {
  const table = $("pr-scores");
  const head = [t("pr.player"), t("pr.time"), t("pr.points"), ...(view.options.deals > 1 ? [t("pr.total")] : [])];
  $("pr-pad").hidden = ownPhone(view); // (a game of one has its time and points in the end's words)
  const rows = view.players.map((_, p) => {
    const status = view.status[p];
    const time = status === "finished" ? clockText(view.seconds[p]) : t(`pr.status.${status}`);
    const tr = tableRow("td", [time, String(view.scores[p]), ...(view.options.deals > 1 ? [String(view.totals[p])] : [])]);
    tr.prepend(headerCell(status === "racing" ? `▶ ${nameOf(view, p)}` : nameOf(view, p), "row")); // (several at one table)
    return tr;
  });
  table.replaceChildren(table.caption ?? "", tableRow("th", head, "col"), ...rows);
}

function logLine(view, event) {
  const name = view.players[event.player];
  if (event.e === "finished") return t(spoken(view, event.left ? "pr.finished.left" : "pr.finished"), { name, time: clockText(event.seconds) });
  if (event.e === "time_up") return t(spoken(view, "pr.out"), { name });
  if (event.e === "give_up") return t(spoken(view, "pr.gave_up"), { name });
  return t("pr.deal.over", { deal: event.deal });
}

export function drawLog(view, events) {
  fillList($("pr-log"), events.filter((e) => ["finished", "time_up", "give_up", "deal_over"].includes(e.e))
    .map((event) => logLine(view, event)));
}

/** The joker's letters for its colour, in the dialog that asks for one. */
export function drawJokerChoice(colour, letters) {
  $("pr-joker-letters").replaceChildren(...letters.map((letter) => Object.assign(document.createElement("button"), {
    type: "submit", value: letter, textContent: letter,
  })));
  $("pr-joker-prompt").textContent = t(`td.joker.${colour}`);
}

export function drawCursor(cell, letter) {
  $("pr-cursor").textContent = t(letter ? "td.cursor.tile" : "td.cursor.empty", { row: cell.row, col: cell.col, letter });
}

export function drawControls({ busy, racing, laid }) {
  for (const id of ["pr-done", "pr-hint", "pr-give-up"]) $(id).disabled = busy || !racing;
  $("pr-gather").disabled = busy || !laid;
  $("pr-go").disabled = busy;
}

export function drawMessage(text) {
  $("pr-message").textContent = text;
}

// --- the menu card -------------------------------------------------------------------------------------

/** The menu card's picture: PRESTO crossing PFERD; a running game's tables stay secret until its deal is
 *  over, so it shows the same. A race under way says under the picture that its clock runs on meanwhile. */
export function drawCard(picture, view = null) {
  drawMiniTable(picture, crossingTiles("PRESTO", "PFERD"));
  const card = picture.closest(".game-card");
  let note = card?.querySelector(".card-note");
  if (card && !note) {
    note = Object.assign(document.createElement("p"), { className: "card-note" });
    picture.after(note);
  }
  if (!note) return;
  const racing = Boolean(view && !view.over && view.status?.includes("racing"));
  note.hidden = !racing;
  if (racing) note.dataset.i18n = "menu.presto.racing";
  note.textContent = racing ? t("menu.presto.racing") : "";
}
