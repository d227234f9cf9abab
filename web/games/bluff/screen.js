// "Wer behält recht?"'s turn flow: the shared table (TYP-DOM's board.js) with
// the word under construction, a private rack behind the pass screen, one tile
// laid tentatively with an announcement that the engine judges before it is
// sent, building on, drawing, passing, the bonus tiles, the forced finish, and
// computer players. The engine decides every rule; this file only lays a tile
// tentatively and asks (a tile tapped onto a joker of a finished word asks to
// swap it). Drawing is draw.js, the rack's and buttons' input input.js.

import { createComputerMover, createGuard, createSearch, drawEnd, resultText, showBelowBadge } from "../../common.js";
import { t } from "../../i18n.js";
import { createBoard } from "../typdom/board.js";
import * as rack from "../typdom/rack.js";
import * as draw from "./draw.js";
import { listen } from "./input.js";

export { drawCard } from "./draw.js"; // the menu card's picture, drawn as the game draws itself

const $ = (id) => document.getElementById(id);
const COMPUTER_PAUSE_MS = 900; // long enough to see what the computer laid

/** Its seats may be played on their own phones (table.js). */
export const GUEST = true;

export function createScreen({ session, storage, report, engine, here, away }) {
  let shown = null; // the game last drawn here: {record, state, view, log, kept} (a guest phone's: no kept)
  let view = null;
  let own = null; // the view of the player to move, once their rack is on show here
  let ownKey = null; // whose turn that view belongs to
  let selected = null; // the rack tile chosen for the next tap on the table
  let pending = null; // the tile laid tentatively: {tile, row, col, letter, colour}
  let refusal = null; // the engine's verdict on the pending lay and announcement
  let overrulable = false; // whether the table could let the refused announcement count (refused as no word)
  let framedTiles = -1;
  const message = $("bl-message");
  const guard = createGuard(report, message, () => refreshControls());
  const computer = createComputerMover({ screen: "bluff", session, guard, engine, pause: COMPUTER_PAUSE_MS });
  const search = createSearch(engine);
  const isComputer = (p) => (view.options.computer[p] ?? 0) > 0;
  const humans = () => view.players.map((_, p) => p).filter((p) => !isComputer(p) && !view.out[p] && here(p)); // at this device
  // A turn is the same while the same player is to move after the same number of actions of others.
  const turnKey = () => `${view.deal}:${view.current}:${view.log.filter((line) => line.player !== view.current).length}`;
  const board = createBoard($("bl-board"), { onCell, onKey: () => false, describe });

  let listMade = false; // the worker makes its list of words once, seconds of work: begun as the game opens
  function render(current) {
    if (!listMade && here(current.view.current)) { // (a guest phone asks the host only on its own turn)
      engine("words_with", current.state, "AB").catch((error) => report(error, message));
      listMade = true;
    }
    if (current.kept !== shown?.kept) own = null; // a rack on show is its game's: a game begun or reopened asks first
    shown = current;
    view = current.view;
    computer.cancel();
    if (ownKey !== turnKey() || view.deal_over) own = null;
    pending = null;
    selected = null;
    [refusal, overrulable] = [null, false];
    draw.drawHeading(view);
    drawTable();
    draw.drawScores(view);
    draw.drawLog(view);
    drawEnd("bl", view, view.over ? resultText(view, storage, report) : "");
    draw.drawVerdict(null, false, false);
    settle(current).catch((error) => report(error, message));
  }

  let renderTicket = 0;
  /** The rest needs the engine: the rack of the player to move, when it may be on show. */
  async function settle(current) {
    const ticket = ++renderTicket;
    const alone = !view.deal_over && humans().includes(view.current) && humans().length <= 1;
    const mine = own || alone ? await engine("view", current.state, view.current) : null; // nobody to hide it from
    if (ticket !== renderTicket) return;
    if (mine) [own, ownKey] = [mine, turnKey()];
    drawStep();
  }

  function drawStep() {
    if (!own) draw.clearRack();
    if (view.deal_over) {
      draw.drawDealOver(view, shown.log.flat().filter((e) => e.e === "deal_over").at(-1));
    } else if (isComputer(view.current)) {
      draw.drawThinking(view);
      if (here(view.current)) computer.schedule(); // (a guest phone leaves the host's computers to the host)
      showBelowBadge($("bl-round"));
    } else if (!here(view.current)) {
      draw.drawElsewhere(view, away(view.current));
    } else if (own) {
      draw.drawPlay(view, own);
      drawRack();
    } else {
      draw.drawPass(view);
    }
    refreshControls();
  }

  function drawTable() {
    board.show(draw.boardTiles(view, pending), view.cells.length !== framedTiles, draw.boardLines(view));
    framedTiles = view.cells.length;
  }

  function drawRack() {
    draw.drawRack(own.rack.filter((item) => item.tile !== pending?.tile), selected);
  }

  function refreshControls() {
    if (!view) return;
    draw.drawControls(view, own, { busy: guard.busy, pending: Boolean(pending), word: $("bl-announce").value.trim(),
      refused: Boolean(refusal) });
  }

  // --- laying one tile tentatively -------------------------------------------------------------------

  function onCell(cell) {
    describe(cell);
    if (!own) return; // (laying tentatively asks nothing: it may go on while an action is saved)
    if (pending && pending.row === cell.row && pending.col === cell.col) return clear();
    const there = view.cells.find(([r, c]) => r === cell.row && c === cell.col);
    if (there?.[4] && selected !== null) return act({ type: "swap", cell: [cell.row, cell.col], tile: selected }); // a joker
    if (selected !== null) placeAt(selected, cell);
  }

  async function placeAt(tile, { row, col }) {
    if (!own || view.cells.some(([r, c]) => r === row && c === col)) return;
    const item = own.rack.find((x) => x.tile === tile);
    const letter = item.letter === "*" ? await askJokerLetter(item.colour) : item.letter;
    if (!letter || !own) return;
    pending = { tile, row, col, letter, colour: item.colour, joker: item.letter === "*" };
    selected = null;
    changed();
  }

  function clear() {
    pending = null;
    changed();
  }

  function changed() {
    drawTable();
    drawRack();
    refreshVerdict();
  }

  /** The lay as an action: with the announcement typed (if `announcing`) or building on. */
  function layAction(announcing) {
    const action = { type: "lay", tile: pending.tile, row: pending.row, col: pending.col };
    if (pending.joker) action.letter = pending.letter;
    const word = $("bl-announce").value.trim();
    return announcing && word ? { ...action, word } : action;
  }

  let verdictTicket = 0;
  /** Ask the engine whether the lay would be taken as it stands (announcing if a word is typed). */
  async function refreshVerdict() {
    const ticket = ++verdictTicket;
    [refusal, overrulable] = [null, false];
    refreshControls();
    if (!pending || view.phase === "forced") return draw.drawVerdict(null, false, false);
    const found = await engine("verdict", shown.state, layAction(true));
    const agreed = found?.code === "not_a_word" && !(await engine("verdict", shown.state, { ...layAction(true), overrule: true }));
    if (ticket !== verdictTicket) return;
    [refusal, overrulable] = [found, agreed];
    draw.drawVerdict(refusal, true, overrulable);
    refreshControls();
  }

  function describe(cell) {
    const there = view.cells.find(([r, c]) => r === cell.row && c === cell.col);
    const laid = pending && pending.row === cell.row && pending.col === cell.col ? pending.letter : null;
    draw.drawCursor(cell, there ? there[3] : laid);
  }

  /** The joker's letter, asked in a dialog (null if it was closed without one). */
  function askJokerLetter(colour) {
    draw.drawJokerChoice(colour, own.joker_letters[colour]);
    return rack.askJokerLetter($("bl-joker"), $("bl-joker-letters"));
  }

  // --- actions -------------------------------------------------------------------------------------

  function act(action) {
    guard.run(async () => {
      await session.act(action, shown);
      $("bl-announce").value = "";
    }, { hold: action.type === "draw" });
  }

  function reveal() {
    guard.run(async () => {
      own = await engine("view", shown.state, view.current);
      ownKey = turnKey();
      drawStep();
    });
  }

  function finish() {
    guard.run(async () => {
      const tiles = await engine("finishing_tiles", shown.state);
      if (!tiles) {
        draw.drawMessage(t("bl.missing", { letters: own.missing.join(", ") }));
        return;
      }
      await session.act({ type: "finish", tiles }, shown);
    });
  }

  /** A tile to lay and the word it aims at (a search: the table stays usable meanwhile). */
  async function hint() {
    const asked = shown;
    const found = await search("hint", asked.state).catch((error) => report(error, message));
    if (!found || shown !== asked) return; // (cancelled, or the game moved on meanwhile)
    const { move, word, count } = found;
    if (!move) {
      draw.drawMessage(t("bl.hint.none"));
      return;
    }
    const item = own.rack.find((x) => x.tile === move.tile);
    const proposal = move.letter !== undefined // (a joker's move names the letter it stands for)
      ? t("bl.hint.shown.joker", { word, letter: move.letter, count })
      : t("bl.hint.shown", { word, letter: item.letter, count });
    const fragment = view.word?.fragment;
    if (!fragment) return draw.drawMessage(proposal);
    const around = await engine("words_with", asked.state, fragment).catch((error) => report(error, message));
    if (!around || shown !== asked) return;
    draw.drawMessage(`${proposal} ${t("bl.hint.around", { fragment, count: around.count, words: around.shortest.join(", ") })}`);
  }

  listen({
    ...rack.choiceIntents({ board, chosen: () => selected, choose: (tile) => { selected = tile; }, placeAt,
      redraw: () => drawRack() }),
    typed: () => refreshVerdict(),
    announce: () => pending && act(layAction(true)),
    overrule: () => pending && overrulable && act({ ...layAction(true), overrule: true }),
    build: () => pending && act(layAction(false)),
    clear,
    draw: () => act({ type: "draw" }),
    pass: () => act({ type: "pass" }),
    stop: () => act({ type: "stop" }),
    hint,
    reveal,
    finish,
    fail: () => act({ type: "fail" }),
    nextDeal: () => act({ type: "next_deal" }),
    fit: () => board.fit(),
  });

  return {
    render,
    /** Where a table cell's centre is on the page (for the automation hook). */
    tablePoint: (row, col) => board.pagePoint(row, col),
    relabel() {
      if (shown) render(shown);
    },
  };
}
