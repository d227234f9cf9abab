// TYP-DOM Presto's race flow: each player in turn behind the pass screen, a
// table of their own without edges (TYP-DOM's board.js) where tiles move
// freely until "Done!", a clock this device keeps, computer racers, and the
// deal's end with every table side by side. At a table of linked phones the
// seats on their own phones race at once, started with the host's "Go!" and
// timed by the host's clock. The engine decides every rule
// (the check, the marks, the places); this file keeps the table as it lies,
// times the race and asks. Drawing is draw.js, the hand's and buttons' input
// input.js.

import { createComputerMover, createGuard, createSearch, drawEnd, resultText } from "../../common.js";
import { EngineError } from "../../engine.js";
import { showDialog } from "../../dialog.js";
import { errorText, t } from "../../i18n.js";
import { createBoard } from "../typdom/board.js";
import * as rack from "../typdom/rack.js";
import * as draw from "./draw.js";
import { listen } from "./input.js";

export { drawCard } from "./draw.js"; // the menu card's picture, drawn as the game draws itself

const $ = (id) => document.getElementById(id);
const COMPUTER_PAUSE_MS = 900;
const TICK_MS = 100;
const GIVE_UP_WINDOW_MS = 4000; // "Give up" asks once; a second tap within this gives up
const DAILY = "presto-daily"; // the stored record of the puzzles of the day: {days: {"YYYY-MM-DD": entry}}

/** The menu card's own buttons: the solo puzzle of the day (`actions.daily`), a deal shared by several phones
 *  (`actions.share`). */
export const MENU = [{ action: "daily", key: "menu.presto.daily" }, { action: "share", key: "menu.presto.share" }];

/** Its seats may be played on their own phones (table.js): each races there, all at once. */
export const GUEST = true;

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

/** The puzzle option's day (YYYYMMDD) as YYYY-MM-DD. */
const dayOf = (number) => `${String(number).slice(0, 4)}-${String(number).slice(4, 6)}-${String(number).slice(6)}`;

/** How long a race has run by the wall clock: from its "Los" (`clock`, ms), never less than the time it had
 *  kept (`seconds`) nor more than the `limit`; without a clock at "Los", the time kept. */
const raceSeconds = (clock, seconds, limit) =>
  Math.min(limit, clock === null ? seconds : Math.max(seconds, (Date.now() - clock) / 1000));

export function createScreen({ session, storage, report, engine, show, here }) {
  let shown = null; // the game last drawn here: {record, state, view, log}
  let view = null;
  // The race on show on this device: {seat, hand, order, cells: Map("row,col" -> {tile, letter}), clock, base,
  // limit}; the clock runs in wall time from `clock` (ms at "Los"), never back before `base` seconds.
  let race = null;
  let timedOut = null; // the seat whose time ran out on this device, until the next step is shown
  let selected = null; // the hand tile chosen for the next tap on the table
  let marks = []; // the engine's marks for the table as it lies
  let framed = false;
  let direction = "across"; // where typed letters go next
  let solution = null; // what the engine laid of the hand after giving up, for the deal's end: {cells, left}
  let givingUp = null; // when "Give up" was first tapped
  let keeping = false; // an "arrange" of this race is on its way (the next waits for it: one at a time)
  let keepAgain = false; // the table changed meanwhile: kept once more after it
  let clockTimer = null;
  let queue = Promise.resolve(); // the race's actions, one after another
  const message = $("pr-message");
  const guard = createGuard(report, message, () => refreshControls());
  const computer = createComputerMover({ screen: "presto", session, guard, engine, pause: COMPUTER_PAUSE_MS });
  const search = createSearch(engine);
  const isComputer = (p) => p !== null && (view.options.computer[p] ?? 0) > 0;
  const onGuest = () => shown.state.remote === true; // (a guest phone holds no state: the host's is asked)
  const seats = () => view.players.map((_, p) => p);
  /** The seat this device races next: its own racing one, else its first waiting one (null: none). */
  const localSeat = () => seats().filter(here).find((p) => view.status[p] === "racing")
    ?? seats().find((p) => here(p) && view.status[p] === "waiting") ?? null;
  /** The host's linked seats whose race its "Go!" starts with its own. */
  const toStart = () => (onGuest() ? [] : seats().filter((p) => !here(p) && view.status[p] === "waiting"));
  const board = createBoard($("pr-board"), { onCell, onKey, describe, onDropTile });

  function render(current) {
    shown = current;
    view = current.view;
    computer.cancel();
    if (race && (view.status[race.seat] !== "racing" || view.deal_over)) endRace();
    if (view.over) timedOut = null; // (the end says it)
    draw.drawHeading(view);
    draw.drawScores(view);
    draw.drawLog(view, current.log.flat());
    drawEnd("pr", view, view.over ? resultWords() : "");
    draw.drawOwnEnd(view);
    if (view.over && view.options.day) recordDay(view).catch((error) => report(error, message));
    drawStep();
  }

  /** The step of the deal: its end, a race on show, the pass screen before one (a guest's own race begins
   *  at once), the start of the linked seats' races, a computer racing, or the others racing elsewhere. */
  function drawStep() {
    const seat = localSeat();
    if (!race && seat !== null && onGuest() && view.status[seat] === "racing" && !view.deal_over && timedOut === null) {
      begin(view, seat); // (after its own clock ran out, once "Next" is tapped: the host's clock decides)
    }
    if (timedOut !== null) {
      draw.drawTimeUp(view, timedOut);
    } else if (view.deal_over) {
      draw.clearHand();
      draw.drawDealOver(view, solution);
      if (view.options.table_of) {
        engine("shared_result", shown.state).then(draw.drawShared, (error) => report(error, message));
      }
    } else if (race) {
      draw.drawRace(view, race.seat);
      drawRace();
    } else if (seat !== null && !isComputer(seat)) {
      draw.drawPass(view, seat, view.status[seat] === "racing",
        raceSeconds(view.clocks[seat], view.seconds[seat], view.limit), { starting: toStart(), guest: onGuest() });
    } else if (toStart().length) {
      draw.drawPass(view, null, false, 0, { starting: toStart() });
    } else if (seat !== null) {
      draw.drawThinking(view, seat);
      computer.schedule();
    } else {
      draw.drawOthers(view, seats().filter((p) => ["waiting", "racing"].includes(view.status[p])));
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

  /** "Go!": this device's next race starts (or one a reload interrupted goes on) and its hand is shown; on
   *  the host, the races of the linked seats still waiting start with it, on the same clock. */
  function go() {
    guard.run(async () => {
      const seat = localSeat();
      const clock = Date.now();
      for (const other of toStart()) await enqueue({ type: "go", player: other, clock });
      if (seat !== null && !isComputer(seat)) {
        if (view.status[seat] === "waiting") {
          await enqueue({ type: "go", player: seat, clock });
          if (view.options.day) beginDay(dayOf(view.options.day)).catch((error) => report(error, message));
        }
        if (!race) begin(await engine("view", session.current.state, seat), seat); // (a guest's began with its view)
        drawStep();
      }
      thinkAhead().catch((error) => report(error, message));
    });
  }

  /** The races on this device's engine (its own and its guests'), each hint worked out while the race is young,
   *  a search at a time on the search worker: a first hint asked then finds its solve done (on a phone's half
   *  core one took up to 2 s over several calls). A guest's races are its host's to think ahead for. */
  async function thinkAhead() {
    if (onGuest()) return;
    const { state } = session.current;
    for (const seat of seats().filter((p) => !isComputer(p) && view.status[p] === "racing")) {
      let found;
      do found = await engine.ahead("race_hint", state, seat); // (null: no search worker to do it yet)
      while (found?.working);
    }
  }

  /** Show `seat`'s race from a view that holds its hand and table, its clock running: from the race's "Go!"
   *  on this device's wall clock; on a guest from the time the host kept (its clock is the host's). */
  function begin(own, seat) {
    const table = own.tables[seat];
    race = {
      seat,
      hand: own.hands[seat],
      order: own.hands[seat].map((item) => item.tile),
      cells: new Map(table.cells.map(([row, col, , letter, , tile]) => [`${row},${col}`, { tile, letter }])),
      clock: (!onGuest() && own.clocks[seat]) || Date.now() - own.seconds[seat] * 1000,
      base: own.seconds[seat],
      limit: own.limit,
    };
    marks = table.marks ?? [];
    framed = false;
    solution = null;
    say(null);
    refuse(null);
    startClock();
    $("pr-board").focus({ preventScroll: true });
  }

  const elapsed = () => raceSeconds(race.clock, race.base, race.limit);
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
      const seat = race.seat;
      timedOut = seat;
      endRace();
      if (onGuest()) { // (the host's clock ends a guest's race, with the table last kept)
        drawStep();
        return;
      }
      enqueue({ type: "time_up", cells, player: seat }).catch((error) => report(error, message));
    }
  }

  function endRace() {
    clearInterval(clockTimer);
    race = null;
    selected = null;
    marks = [];
    draw.clearHand();
  }

  /** Keep the table as it lies and the time, so that a reload goes on from here: at once, and while one is
   *  on its way, once more after it with the table as it lies then (a quick hand's tiles: one record each). */
  function keep() {
    if (!race) return;
    if (keeping) {
      keepAgain = true;
      return;
    }
    keeping = true;
    race.base = roundSeconds(elapsed()); // (a wall clock set back meanwhile never takes the race back before it)
    enqueue({ type: "arrange", cells: cellsNow(), seconds: race.base, player: race.seat })
      .catch((error) => report(error, message))
      .finally(() => {
        keeping = false;
        if (keepAgain) {
          keepAgain = false;
          keep();
        }
      });
  }

  function drawRace() {
    if (!race) return;
    board.show(draw.boardTiles(race.cells, handTile), !framed, draw.boardLines(marks));
    framed = true;
    draw.drawHand(inHand(), selected);
    draw.drawLines(marks);
    draw.drawClock(elapsed(), race.limit);
  }

  let refusal = null; // the refusal on show (an engine error), and the message: said again in a new language
  let said = null; // [text key, its values]
  function refuse(error) {
    refusal = error;
    draw.drawProblem(error ? errorText(error) : "");
  }
  function say(key, values = {}) {
    said = key && [key, values];
    draw.drawMessage(key ? t(key, values) : "");
  }

  let changes = 0; // the table's changes so far: a hint asked before the last one is about another table

  /** After each change of the table: draw it, ask for the marks, keep it. What was said about the table
   *  before (a hint, that no way on was found) is over. */
  function changed() {
    changes++;
    refuse(null);
    say(null);
    drawRace();
    refreshMarks();
    refreshControls();
    keep();
  }

  let marksTicket = 0;
  async function refreshMarks() {
    if (!view.options.marks || !race) return;
    const ticket = ++marksTicket;
    const found = await engine("table_marks", session.current.state, cellsNow(), race.seat).catch((error) => {
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
      if (!shownLetter && race) { // cancelled: the joker goes back to the hand unselected, the next tap is new
        selected = null;
        return drawRace();
      }
      if (!race || race.cells.has(placeOf(cell))) return;
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
    return rack.typeLetter(key, cursor, { direction, free: inHand, jokerLetters: view.joker_letters,
      taken: (cell) => race.cells.has(placeOf(cell)), placeAt, board });
  }

  function describe(cell) {
    draw.drawCursor(cell, race?.cells.get(placeOf(cell))?.letter ?? null);
  }

  /** The joker's letter, asked in a dialog (null if it was closed without one). */
  function askJokerLetter(colour) {
    draw.drawJokerChoice(colour, view.joker_letters[colour]);
    return rack.askJokerLetter($("pr-joker"), $("pr-joker-letters"));
  }

  /** Change the hand's order (`change(order)` in place) and keep the focus on `tile`. */
  function reorder(tile, change) {
    if (!race) return;
    change(race.order);
    drawRace();
    if (tile !== null) draw.focusHandTile(tile);
  }

  // --- the race's end ------------------------------------------------------------------------------

  /** "Done!": the engine checks the whole table; a refusal says why, and the clock runs on (the table stays
   *  kept as it was laid). */
  function done() {
    if (!race) return;
    guard.run(async () => {
      try {
        await enqueue({ type: "done", cells: cellsNow(), seconds: roundSeconds(elapsed()), player: race.seat });
      } catch (error) {
        if (!(error instanceof EngineError) || error.code === "crash") throw error;
        refuse(error);
      }
    });
  }

  function giveUp() {
    if (!race) return;
    if (givingUp === null || performance.now() - givingUp > GIVE_UP_WINDOW_MS) {
      givingUp = performance.now();
      say("pr.give_up.confirm");
      return;
    }
    givingUp = null;
    guard.run(async () => {
      const { seat, hand } = race;
      const action = { type: "give_up", cells: cellsNow(), seconds: roundSeconds(elapsed()), player: seat }; // the table as it lies
      endRace();
      say(null);
      await enqueue(action); // the race is over first: only then is its solution shown (a guest's too)
      let found;
      do found = await engine("solution", session.current.state, seat); // (asked again while it works)
      while (found.working);
      const own = (tile) => hand.find((item) => item.tile === tile);
      const faces = Object.entries(found.cells).map(([place, [tile, letter]]) => {
        const [row, col] = place.split(",").map(Number);
        return [row, col, own(tile).colour, letter, own(tile).letter === "*"];
      });
      solution = { cells: faces, left: found.left.length };
      drawStep();
    });
  }

  /** The table as it lies is kept, then a word to lay next is sought: a search, so the race goes on
   *  meanwhile (its answer is dropped if the race has moved on). */
  async function hint() {
    if (!race) return;
    const { seat } = race;
    await guard.run(async () => {
      await enqueue({ type: "arrange", cells: cellsNow(), seconds: roundSeconds(elapsed()), player: seat });
    });
    const asked = session.current;
    const table = changes;
    let found;
    do { // (out of its time, the solver says it is still working, and goes on where it was when asked again)
      found = await search("race_hint", asked.state, seat).catch((error) => report(error, message));
      if (!found || session.current !== asked || changes !== table) return;
    } while (found.working);
    const key = !found.word ? "pr.hint.none" : found.from_scratch ? "pr.hint.scratch" : "pr.hint.word";
    say(key, { word: found.word });
  }

  /** The end in words: alone, the time against this device's best for the hand's size; a shared deal's seat,
   *  its own time only (the ranking is made where the tables are checked, and solo records are not touched);
   *  else the winners. */
  function resultWords() {
    if (view.players.length > 1) return resultText(view, storage, report);
    const finished = view.status[0] === "finished";
    const timeUp = shown.log.flat().some((event) => event.e === "time_up");
    if (view.options.table_of) {
      return finished ? t("pr.shared.time", { time: draw.clockText(view.seconds[0]) }) : t(timeUp ? "pr.shared.time_up" : "pr.shared.none");
    }
    if (!finished) return t(timeUp ? "pr.solo.time_up" : "pr.solo.none");
    const time = draw.clockText(view.seconds[0]);
    if (view.options.day) return t("pr.daily.done", { time }); // (the day's record is its own, not a hand size's)
    const record = `presto-${view.hand_size}`;
    const best = storage.bestSolo(record);
    const seconds = view.seconds[0];
    if (!best || seconds < best.seconds || (best.seed === view.seed && best.seconds === seconds)) {
      if (!best || seconds < best.seconds) storage.setBestSolo(record, { seconds, seed: view.seed }).catch((error) => report(error));
      return t("pr.solo.record", { tiles: view.hand_size, time });
    }
    return t("pr.solo.time", { tiles: view.hand_size, time, best: draw.clockText(best.seconds) });
  }

  // --- the puzzle of the day: counted once, on its first play ------------------------------------

  /** The days played as stored ({} when none, or unreadable: then they start again). */
  async function storedDays() {
    const kept = await storage.record(DAILY);
    return kept && typeof kept.days === "object" && !Array.isArray(kept.days) ? kept.days : {};
  }

  let dayWrites = Promise.resolve(); // one read and write of the record at a time

  /** Keep the day's entry unless one is final: {done: false} at "Los", {done: true, solved, seconds} at the end. */
  function keepDay(day, entry) {
    const job = dayWrites.then(async () => {
      const days = await storedDays();
      if (days[day]?.done || (days[day] && !entry.done)) return;
      await storage.setRecord(DAILY, { days: { ...days, [day]: entry } });
    });
    dayWrites = job.catch(() => {});
    return job;
  }

  const beginDay = (day) => keepDay(day, { done: false });

  /** A finished puzzle of the day, solved or not (given up, out of time), kept as its day's result. */
  const recordDay = (shownView) => keepDay(dayOf(shownView.options.day), {
    done: true, solved: shownView.status[0] === "finished",
    seconds: shownView.status[0] === "finished" ? shownView.seconds[0] : null,
  });

  let daily = null; // the day's result on show in the record: {day, entry, figures}

  /** The record of the puzzles of the day, with `note` above it. */
  async function openDaily(day, note = "") {
    const days = await storedDays();
    daily = { day, entry: days[day], figures: await engine("daily_record", days, today()) };
    draw.drawDaily(note, day, daily.entry, daily.figures);
    showDialog($("pr-daily"));
  }

  /** The day's result as text, without the solution: to the system's share sheet, else to the clipboard, else
   *  shown to copy by hand. */
  async function shareDaily() {
    const text = draw.dailyText(daily.day, daily.entry, daily.figures);
    const status = $("pr-daily-status");
    try {
      if (navigator.share) return await navigator.share({ text });
      await navigator.clipboard.writeText(text);
      status.textContent = t("pr.daily.copied", { text });
    } catch (error) {
      if (error?.name !== "AbortError") status.textContent = t("pr.daily.copy_by_hand", { text });
    }
  }

  window.addEventListener("pagehide", keep);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") keep();
  });

  listen({
    ...rack.choiceIntents({ board, chosen: () => selected, choose: (tile) => { selected = tile; }, placeAt,
      redraw: (tile) => reorder(tile, () => {}) }),
    ...rack.orderIntents(reorder),
    go,
    done,
    gather() {
      if (!race) return;
      race.cells.clear();
      changed();
    },
    hint,
    giveUp,
    fit: () => board.fit(),
    nextDeal: () => guard.run(() => enqueue({ type: "next_deal" })),
    timeUpSeen() {
      timedOut = null;
      drawStep();
    },
    openDaily: () => openDaily(dayOf(view.options.day)).catch((error) => report(error, message)),
    shareDaily,
    checkTables: () => openShare().then(() => $("pr-verify-seat").focus()),
    makeCode,
    joinDeal,
    verify,
  });

  // --- a deal shared by several phones ------------------------------------------------------------

  async function makeCode({ players, minutes, oneLeft }) {
    draw.clearShareErrors();
    const [seed] = crypto.getRandomValues(new Uint32Array(1));
    try {
      const code = await engine("deal_code", players, minutes, oneLeft, seed);
      draw.drawShareCode(code);
      $("pr-share-join-code").value = code; // (this phone races too: only its seat is left to pick)
    } catch (error) {
      report(error, $("pr-share-create-error"));
    }
  }

  async function joinDeal({ code, seat, name }) {
    draw.clearShareErrors();
    try {
      const { seed, options } = await engine("join_deal", code, seat);
      await session.start("presto", [name || t("pr.solo.name")], options, false, seed);
      $("pr-share").close();
      show("presto");
    } catch (error) {
      report(error, $("pr-share-join-error")); // under the code, which it is about (a seat past the table too)
      $("pr-share-join-code").setAttribute("aria-invalid", "true");
    }
  }

  // The finishes this phone has checked of one shared deal (its code as the engine writes it), with this
  // phone's own finish of that deal: the table's ranking and points are the engine's.
  let checked = { deal: null, reports: [] };

  /** This phone's own finish of a shared deal, as a report ({deal, seat, seconds, table, check}), or null. */
  async function ownFinish() {
    const current = session.current;
    if (current?.record.game !== "presto" || !current.view.options.table_of) return null;
    return engine("shared_result", current.state);
  }

  async function verify({ deal, seat, name, time, table, check }) {
    draw.clearShareErrors();
    draw.drawVerified("");
    try {
      const seconds = typedSeconds(time);
      const finish = { seat, name, seconds: Number.isFinite(seconds) ? seconds : -1, table, check };
      const { words } = await engine("verify", deal, seat, finish.seconds, table, check);
      draw.drawVerified(t("pr.share.valid", { seat: seat + 1, time: draw.clockText(seconds), words: words.join(", ") }));
      const { deal: code } = await engine("shared_standings", deal, []);
      const own = await ownFinish();
      const before = checked.deal === code ? checked.reports : [];
      const mine = own?.deal === code && !before.some((other) => other.seat === own.seat)
        ? [{ seat: own.seat, name: own.name, seconds: own.seconds, table: own.table, check: own.check }] : [];
      const reports = [...before, ...mine].filter((other) => other.seat !== seat).concat(finish);
      const ranking = await engine("shared_standings", code, reports);
      checked = { deal: code, reports };
      draw.drawStandings(ranking.rows);
    } catch (error) {
      report(error, $("pr-verify-error"));
    }
  }

  /** The shared deal's dialog; on a phone that raced a shared deal, its code is there to check the others'. */
  async function openShare() {
    draw.clearShareErrors();
    const options = session.current?.record.game === "presto" ? session.current.view.options : null;
    if (options?.table_of && !$("pr-verify-deal").value) {
      $("pr-verify-deal").value = await engine("deal_code", options.table_of, options.minutes, options.one_left,
        session.current.state.seed);
    }
    draw.drawStandings(checked.reports.length ? (await engine("shared_standings", checked.deal, checked.reports)).rows : []);
    if (!$("pr-share").open) showDialog($("pr-share"));
  }

  return {
    render,
    /** Where a table cell's centre is on the page (for the automation hook). */
    tablePoint: (row, col) => board.pagePoint(row, col),
    relabel() {
      if (!shown) return;
      render(shown);
      refuse(refusal);
      if (said) say(...said);
    },
    actions: {
      /** The solo puzzle of the day: the same 13 tiles for everyone on this date, counted on its first play. A
       *  day begun is gone on with (its clock ran on), or, its game gone, counts as not solved; a day counted
       *  shows its record. */
      async daily() {
        try {
          const day = today();
          const { seed, options } = await engine("puzzle_of_the_day", day);
          const begun = (await storedDays())[day];
          if (!begun) {
            await session.start("presto", [t("pr.solo.name")], options, false, seed);
            return show("presto");
          }
          if (!begun.done) {
            const game = session.current?.record.game === "presto" ? session.current : await session.resume("presto").catch(() => null);
            const same = game?.view.options.day === options.day;
            if (same && !game.view.over) return show("presto");
            await (same ? recordDay(game.view) : keepDay(day, { done: true, solved: false, seconds: null }));
          }
          await openDaily(day, t("pr.daily.again"));
        } catch (error) {
          report(error);
        }
      },
      /** The forms of a deal shared by several phones: make a code, join one, check a table. */
      share: () => openShare().catch((error) => report(error)),
    },
  };
}
