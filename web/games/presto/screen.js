// TYP-DOM Presto's race flow: each player in turn behind the pass screen, a
// table of their own without edges (TYP-DOM's board.js) where tiles move
// freely until "Done!", a clock this device keeps, computer racers, and the
// deal's end with every table side by side. The engine decides every rule
// (the check, the marks, the places); this file keeps the table as it lies,
// times the race and asks. Drawing is draw.js, the hand's and buttons' input
// input.js.

import { createComputerMover, createGuard, drawEnd, resultText } from "../../common.js";
import { EngineError } from "../../engine.js";
import { errorText, t } from "../../i18n.js";
import { createBoard } from "../typdom/board.js";
import * as draw from "./draw.js";
import { listen } from "./input.js";

const $ = (id) => document.getElementById(id);
const COMPUTER_PAUSE_MS = 900;
const KEEP_AFTER_MS = 1500; // the table as it lies is kept (for a reload) this long after its last change
const TICK_MS = 100;
const GIVE_UP_WINDOW_MS = 4000; // "Give up" asks once; a second tap within this gives up

/** The menu card's own buttons: the solo puzzle of the day (`actions.daily`), a deal shared by several phones
 *  (`actions.share`). */
export const MENU = [{ action: "daily", key: "menu.presto.daily" }, { action: "share", key: "menu.presto.share" }];

const roundSeconds = (seconds) => Math.round(seconds * 100) / 100;

/** A time as people type it ("1:23,45", "83.5"), in seconds; NaN if it is none. */
function typedSeconds(text) {
  const found = text.trim().match(/^(?:(\d+):)?(\d+)(?:[.,](\d{1,2}))?$/);
  if (!found) return NaN;
  return Number(found[1] ?? 0) * 60 + Number(found[2]) + Number((found[3] ?? "0").padEnd(2, "0")) / 100;
}

/** Today's date where the player is, as the engine's puzzle of the day takes it. */
function today() {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-${String(now.getDate()).padStart(2, "0")}`;
}

export function createScreen({ session, storage, report, engine, show }) {
  let shown = null; // the game last drawn here: {record, state, view, log}
  let view = null;
  // The race on show on this device: {seat, hand, order, cells: Map("row,col" -> {tile, letter}), base, started,
  // limit}; the clock runs from `base` seconds at `started`.
  let race = null;
  let selected = null; // the hand tile chosen for the next tap on the table
  let marks = []; // the engine's marks for the table as it lies
  let framed = false;
  let direction = "across"; // where typed letters go next
  let solution = null; // what the engine laid of the hand after giving up, for the deal's end: {cells, left}
  let givingUp = null; // when "Give up" was first tapped
  let keepTimer = null;
  let clockTimer = null;
  let queue = Promise.resolve(); // the race's actions, one after another
  const message = $("pr-message");
  const guard = createGuard(report, message, () => refreshControls());
  const computer = createComputerMover({ screen: "presto", session, guard, engine, pause: COMPUTER_PAUSE_MS });
  const isComputer = (p) => p !== null && (view.options.computer[p] ?? 0) > 0;
  const board = createBoard($("pr-board"), { onCell, onKey, describe, onDropTile });

  function render(current) {
    shown = current;
    view = current.view;
    computer.cancel();
    if (race && (view.racing !== race.seat || view.deal_over)) endRace();
    draw.drawHeading(view);
    draw.drawScores(view);
    draw.drawLog(view, current.log.flat());
    drawEnd("pr", view, view.over ? resultWords() : "");
    drawStep();
  }

  /** The step of the deal: its end, a computer racing, a race on show, or the pass screen before one. */
  function drawStep() {
    if (view.deal_over) {
      draw.clearHand();
      draw.drawDealOver(view, solution);
      if (view.options.table_of) {
        engine("shared_result", shown.state).then(draw.drawShared, (error) => report(error, message));
      }
    } else if (isComputer(view.racing ?? view.next)) {
      draw.drawThinking(view, view.racing ?? view.next);
      computer.schedule();
    } else if (race) {
      draw.drawRace(view, race.seat);
      drawRace();
    } else {
      draw.drawPass(view, view.racing ?? view.next, view.racing !== null);
    }
    refreshControls();
  }

  function refreshControls() {
    draw.drawControls({ busy: guard.busy, racing: Boolean(race), laid: race?.cells.size > 0 });
  }

  /** The engine's actions in order: keeping the table, the race's end, the next race. */
  function enqueue(action) {
    const job = queue.then(() => session.act(action));
    queue = job.catch(() => {});
    return job;
  }

  // --- the race on this device ------------------------------------------------------------------

  /** "Go!": the next race starts (or one a reload interrupted goes on) and its hand is shown. */
  function go() {
    guard.run(async () => {
      const seat = view.racing ?? view.next;
      if (view.racing === null) await enqueue({ type: "go" });
      const own = await engine("view", session.current.state, seat);
      const table = own.tables[seat];
      race = {
        seat,
        hand: own.hands[seat],
        order: own.hands[seat].map((item) => item.tile),
        cells: new Map(table.cells.map(([row, col, , letter, , tile]) => [`${row},${col}`, { tile, letter }])),
        base: own.seconds[seat],
        started: performance.now(),
        limit: own.limit,
      };
      marks = table.marks ?? [];
      framed = false;
      solution = null;
      draw.drawMessage("");
      draw.drawProblem("");
      drawStep();
      startClock();
      $("pr-board").focus({ preventScroll: true });
    });
  }

  const elapsed = () => Math.min(race.limit, race.base + (performance.now() - race.started) / 1000);
  const cellsNow = () => Object.fromEntries([...race.cells].map(([place, { tile, letter }]) => [place, [tile, letter]]));
  const handTile = (tile) => race.hand.find((item) => item.tile === tile);
  const laidTiles = () => new Set([...race.cells.values()].map((item) => item.tile));
  const inHand = () => race.order.filter((tile) => !laidTiles().has(tile)).map(handTile);

  function startClock() {
    clearInterval(clockTimer);
    clockTimer = setInterval(tick, TICK_MS);
    tick();
  }

  function tick() {
    if (!race) return;
    if ($("presto").hidden) { // the screen was left: keep the table and the time, go on from the pass screen
      keep();
      endRace();
      return;
    }
    const seconds = elapsed();
    draw.drawClock(seconds, race.limit);
    if (seconds >= race.limit) {
      const cells = cellsNow();
      endRace();
      enqueue({ type: "time_up", cells }).catch((error) => report(error, message));
    }
  }

  function endRace() {
    clearInterval(clockTimer);
    clearTimeout(keepTimer);
    race = null;
    selected = null;
    marks = [];
    draw.clearHand();
  }

  /** Keep the table as it lies and the time, so that a reload goes on from here. */
  function keep() {
    clearTimeout(keepTimer);
    if (!race) return;
    enqueue({ type: "arrange", cells: cellsNow(), seconds: roundSeconds(elapsed()) }).catch((error) => report(error, message));
  }

  function drawRace() {
    if (!race) return;
    board.show(draw.boardTiles(race.cells, handTile), !framed, draw.boardLines(marks));
    framed = true;
    draw.drawHand(inHand(), selected);
    draw.drawLines(marks);
    draw.drawClock(elapsed(), race.limit);
  }

  /** After each change of the table: draw it, ask for the marks, keep it a moment later. */
  function changed() {
    draw.drawProblem("");
    drawRace();
    refreshMarks();
    refreshControls();
    clearTimeout(keepTimer);
    keepTimer = setTimeout(keep, KEEP_AFTER_MS);
  }

  let marksTicket = 0;
  async function refreshMarks() {
    if (!view.options.marks || !race) return;
    const ticket = ++marksTicket;
    const found = await engine("table_marks", session.current.state, cellsNow()).catch((error) => {
      report(error, message);
      return null;
    });
    if (ticket !== marksTicket || !race || !found) return;
    marks = found;
    drawRace();
  }

  // --- laying and moving tiles --------------------------------------------------------------------

  const placeOf = ({ row, col }) => `${row},${col}`;

  function onCell(cell) {
    describe(cell);
    if (!race) return;
    if (race.cells.has(placeOf(cell))) {
      race.cells.delete(placeOf(cell)); // a laid tile goes back to the hand
      return changed();
    }
    if (selected !== null) placeAt(selected, cell);
  }

  async function placeAt(tile, cell, letter) {
    if (!race || race.cells.has(placeOf(cell)) || laidTiles().has(tile)) return;
    const own = handTile(tile);
    let shownLetter = own.letter;
    if (own.letter === "*") {
      shownLetter = letter ?? (await askJokerLetter(own.colour));
      if (!shownLetter || !race || race.cells.has(placeOf(cell))) return;
    }
    race.cells.set(placeOf(cell), { tile, letter: shownLetter });
    selected = null;
    changed();
  }

  /** A laid tile dragged: onto the hand it goes back, onto a free cell it moves there. */
  function onDropTile(from, x, y) {
    if (!race) return;
    const item = race.cells.get(placeOf(from));
    const target = document.elementFromPoint(x, y);
    if (item && target?.closest?.("#pr-hand")) {
      race.cells.delete(placeOf(from));
      return changed();
    }
    const to = board.cellAt(x, y);
    if (!item || target !== $("pr-board") || race.cells.has(placeOf(to))) return drawRace();
    race.cells.delete(placeOf(from));
    race.cells.set(placeOf(to), item);
    changed();
  }

  /** Typing on the table: a letter lays a tile of the hand (or a joker of its colour) at the cursor and moves
   *  on; Backspace takes back the tile before the cursor. */
  function onKey(key, cursor) {
    if (["ArrowDown", "ArrowUp"].includes(key)) direction = "down";
    if (["ArrowLeft", "ArrowRight"].includes(key)) direction = "across";
    if (!race) return false;
    const step = direction === "down" ? [1, 0] : [0, 1];
    if (key === "Backspace") {
      const back = { row: cursor.row - step[0], col: cursor.col - step[1] };
      race.cells.delete(placeOf(back));
      board.moveCursor(back.row, back.col);
      changed();
      return true;
    }
    const letter = key.length === 1 ? key.toUpperCase() : "";
    if (!/^[A-Z]$/.test(letter)) return false;
    const free = inHand();
    const real = free.find((item) => item.letter === letter);
    const joker = free.find((item) => item.letter === "*" && view.joker_letters[item.colour].includes(letter));
    const tile = real ?? joker;
    if (!tile || race.cells.has(placeOf(cursor))) return true;
    placeAt(tile.tile, cursor, letter);
    let next = { row: cursor.row + step[0], col: cursor.col + step[1] };
    while (race.cells.has(placeOf(next))) next = { row: next.row + step[0], col: next.col + step[1] };
    board.moveCursor(next.row, next.col);
    return true;
  }

  function describe(cell) {
    draw.drawCursor(cell, race?.cells.get(placeOf(cell))?.letter ?? null);
  }

  /** The joker's letter, asked in a dialog (null if it was closed without one). */
  function askJokerLetter(colour) {
    const dialog = $("pr-joker");
    draw.drawJokerChoice(colour, view.joker_letters[colour]);
    return new Promise((resolve) => {
      dialog.addEventListener("close", () => resolve(dialog.returnValue && dialog.returnValue !== "cancel" ? dialog.returnValue : null),
        { once: true });
      dialog.returnValue = "";
      dialog.showModal();
      $("pr-joker-letters").firstElementChild.focus();
    });
  }

  /** Change the hand's order (`change(order)` in place) and keep the focus on `tile`. */
  function reorder(tile, change) {
    if (!race) return;
    change(race.order);
    drawRace();
    if (tile !== null) draw.focusHandTile(tile);
  }

  // --- the race's end ------------------------------------------------------------------------------

  /** "Done!": the engine checks the whole table; a refusal says why, and the clock runs on. */
  function done() {
    if (!race) return;
    guard.run(async () => {
      clearTimeout(keepTimer);
      try {
        await enqueue({ type: "done", cells: cellsNow(), seconds: roundSeconds(elapsed()) });
      } catch (error) {
        if (!(error instanceof EngineError) || error.code === "crash") throw error;
        draw.drawProblem(errorText(error));
      }
    });
  }

  function giveUp() {
    if (!race) return;
    if (givingUp === null || performance.now() - givingUp > GIVE_UP_WINDOW_MS) {
      givingUp = performance.now();
      draw.drawMessage(t("pr.give_up.confirm"));
      return;
    }
    givingUp = null;
    guard.run(async () => {
      const found = await engine("solution", session.current.state);
      const faces = Object.entries(found.cells).map(([place, [tile, letter]]) => {
        const [row, col] = place.split(",").map(Number);
        return [row, col, handTile(tile).colour, letter, handTile(tile).letter === "*"];
      });
      const action = { type: "give_up", cells: cellsNow(), seconds: roundSeconds(elapsed()) }; // the table as it lies
      endRace();
      solution = { cells: faces, left: found.left.length };
      draw.drawMessage("");
      await enqueue(action);
    });
  }

  function hint() {
    if (!race) return;
    guard.run(async () => {
      clearTimeout(keepTimer);
      await enqueue({ type: "arrange", cells: cellsNow(), seconds: roundSeconds(elapsed()) });
      const found = await engine("hint", session.current.state);
      const key = !found.word ? "pr.hint.none" : found.from_scratch ? "pr.hint.scratch" : "pr.hint.word";
      draw.drawMessage(t(key, { word: found.word }));
    });
  }

  /** The end in words: alone, the time against this device's best for the hand's size; else the winners. */
  function resultWords() {
    if (view.players.length > 1) return resultText(view, storage, report);
    if (view.status[0] !== "finished") return t("pr.solo.none");
    const record = `presto-${view.hand_size}`;
    const best = storage.bestSolo(record);
    const seconds = view.seconds[0];
    const time = draw.clockText(seconds);
    if (!best || seconds < best.seconds || (best.seed === view.seed && best.seconds === seconds)) {
      if (!best || seconds < best.seconds) storage.setBestSolo(record, { seconds, seed: view.seed }).catch((error) => report(error));
      return t("pr.solo.record", { tiles: view.hand_size, time });
    }
    return t("pr.solo.time", { tiles: view.hand_size, time, best: draw.clockText(best.seconds) });
  }

  window.addEventListener("pagehide", keep);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") keep();
  });

  listen({
    select(tile) {
      selected = selected === tile ? null : tile;
      reorder(tile, () => {});
    },
    shift: (tile, by) => reorder(tile, (order) => {
      const at = order.indexOf(tile);
      order.splice(at, 1);
      order.splice(Math.max(0, Math.min(order.length, at + by)), 0, tile);
    }),
    drop: (tile, x, y) => placeAt(tile, board.cellAt(x, y)),
    reorder: (tile, before) => reorder(null, (order) => {
      order.splice(order.indexOf(tile), 1);
      order.splice(order.indexOf(before), 0, tile);
    }),
    go,
    done,
    shuffle: () => reorder(null, (order) => {
      for (let i = order.length - 1; i > 0; i--) {
        const j = Math.floor(Math.random() * (i + 1)); // display order only: no rule depends on it
        [order[i], order[j]] = [order[j], order[i]];
      }
    }),
    gather() {
      if (!race) return;
      race.cells.clear();
      changed();
    },
    hint,
    giveUp,
    fit: () => board.fit(),
    nextDeal: () => guard.run(() => enqueue({ type: "next_deal" })),
    makeCode,
    joinDeal,
    verify,
  });

  // --- a deal shared by several phones ------------------------------------------------------------

  const shareError = (error) => report(error, $("pr-share-error"));

  async function makeCode({ players, minutes, oneLeft }) {
    draw.drawShareError("");
    const [seed] = crypto.getRandomValues(new Uint32Array(1));
    try {
      draw.drawShareCode(await engine("deal_code", players, minutes, oneLeft, seed));
    } catch (error) {
      shareError(error);
    }
  }

  async function joinDeal({ code, seat, name }) {
    draw.drawShareError("");
    try {
      const { seed, options } = await engine("join_deal", code, seat);
      await session.start("presto", [name || t("pr.solo.name")], options, false, seed);
      $("pr-share").close();
      show("presto");
    } catch (error) {
      shareError(error);
    }
  }

  async function verify({ deal, seat, time, table, check }) {
    draw.drawShareError("");
    draw.drawVerified("");
    try {
      const seconds = typedSeconds(time);
      const { words } = await engine("verify", deal, seat, Number.isFinite(seconds) ? seconds : -1, table, check);
      draw.drawVerified(t("pr.share.valid", { seat: seat + 1, time: draw.clockText(seconds), words: words.join(", ") }));
    } catch (error) {
      shareError(error);
    }
  }

  return {
    render,
    /** Where a table cell's centre is on the page (for the automation hook). */
    tablePoint: (row, col) => board.pagePoint(row, col),
    relabel() {
      if (shown) render(shown);
    },
    actions: {
      /** The solo puzzle of the day: the same 13 tiles for everyone on this date. */
      async daily() {
        try {
          const { seed, options } = await engine("puzzle_of_the_day", today());
          await session.start("presto", [t("pr.solo.name")], options, false, seed);
          show("presto");
        } catch (error) {
          report(error);
        }
      },
      /** The forms of a deal shared by several phones: make a code, join one, check a table. */
      share() {
        draw.drawShareError("");
        $("pr-share").showModal();
      },
    },
  };
}
