// The TYP-DOM screen's turn flow: a table without edges (board.js), a private
// rack per player behind a pass screen, computer players, and a placement that
// the engine previews word by word before it is laid. Drawing is draw.js, the
// rack's and buttons' input input.js. The engine decides every rule; this file
// only lays tiles tentatively and asks.

import { createComputerMover, createGuard, createSearch, drawEnd, resultText, showBelowBadge } from "../../common.js";
import { t } from "../../i18n.js";
import { createBoard } from "./board.js";
import * as draw from "./draw.js";
import { listen } from "./input.js";
import * as rack from "./rack.js";

export { drawCard } from "./draw.js"; // the menu card's picture, drawn as the game draws itself

const $ = (id) => document.getElementById(id);
const COMPUTER_PAUSE_MS = 700; // long enough to see what the computer laid

/** Its seats may be played on their own phones (table.js). */
export const GUEST = true;

export function createScreen({ session, storage, report, engine, here, away }) {
  let shown = null; // the game last drawn here: {record, state, view, log, kept} (a guest phone's: no kept)
  let drew = null; // the tiles a person just drew, on show to them until they cover them: {player, tiles}
  let view = null;
  let mine = null; // {key, player, view}: the rack on show, or null
  let pending = []; // tiles laid tentatively: [{tile, row, col, letter?}]
  let selected = null; // the rack tile chosen for the next tap on the table
  let legal = []; // the engine's non-placing actions now (draws, stop)
  let preview = null; // the engine's reading of the pending tiles
  let tilesOnTable = -1; // re-frame the table when this changes
  let direction = "across"; // where typed letters go next
  const orders = new Map(); // player -> their rack order on this device (never saved: it is private)
  const message = $("td-message");
  const guard = createGuard(report, message, () => refreshControls());
  const computer = createComputerMover({ screen: "typdom", session, guard, engine, pause: COMPUTER_PAUSE_MS });
  const search = createSearch(engine);
  const isComputer = (p) => (view.options.computer[p] ?? 0) > 0;
  const humans = () => view.players.map((_, p) => p).filter((p) => !isComputer(p) && here(p)); // people at this device
  const turnKey = () => `${view.deal}:${view.round}:${view.current}`;
  const board = createBoard($("td-board"), { onCell, onKey, describe });

  function render(current) {
    if (current.kept !== shown?.kept) mine = null; // a rack on show is its game's: a game begun or reopened asks first
    shown = current;
    view = current.view;
    computer.cancel();
    if (mine && (mine.key !== turnKey() || view.deal_over)) mine = null;
    pending = [];
    selected = null;
    preview = null;
    draw.drawMessage(); // the tiles laid tentatively are gone, and what was said about them
    redraw();
  }

  /** Everything drawn again as it stands (a new language keeps the tiles laid tentatively). */
  function redraw() {
    draw.drawHeading(view);
    drawTable();
    draw.drawScores(view);
    draw.drawLog(view);
    drawEnd("td", view, view.over ? resultText(view, storage, report) : "");
    settle(shown).catch((error) => report(error, message));
  }

  let renderTicket = 0;
  /** The rest of drawing needs the engine: what may be done now, and the rack if it is on show.
   * (Not through the guard: a render often comes from inside a guarded action.) */
  async function settle(current) {
    const ticket = ++renderTicket;
    const actions = await engine("legal_actions", current.state);
    const alone = !view.over && !view.deal_over && humans().includes(view.current) && humans().length <= 1;
    const own = mine || alone ? await engine("view", current.state, view.current) : null; // nobody to hide it from
    if (ticket !== renderTicket) return;
    legal = actions;
    if (own) mine = { key: turnKey(), player: view.current, view: own };
    drawStep();
  }

  /** The step of the turn: a deal's end, a computer thinking, a rack on show, or the pass screen. */
  function drawStep() {
    if (!mine) draw.clearRack();
    if (drew) {
      draw.drawDrew(view, drew);
    } else if (view.deal_over) { // (the last deal of a game too: its summary stays above the result)
      draw.drawDealOver(view, shown.log.flat().filter((e) => e.e === "deal_over").at(-1));
      if (!view.over && !humans().length) computer.schedule();
    } else if (isComputer(view.current)) {
      draw.drawThinking(view);
      showBelowBadge($("td-round")); // (the word it lays comes into view)
      if (here(view.current)) computer.schedule(); // (a guest phone leaves the host's computers to the host)
    } else if (!here(view.current)) {
      draw.drawElsewhere(view, away(view.current));
    } else if (mine) {
      draw.drawPlay(view, mine.player);
      drawRack();
      draw.drawPreview(view, preview);
      draw.drawActions(legal);
    } else {
      draw.drawPass(view);
    }
    refreshControls();
  }

  function drawTable() {
    board.show(draw.tableTiles(view, pending, rackTile), view.cells.length !== tilesOnTable);
    tilesOnTable = view.cells.length;
  }

  function refreshControls() {
    draw.drawControls(view, { busy: guard.busy, holding: guard.holding, preview, pending: pending.length, showing: Boolean(mine) });
  }

  // --- the rack: this device's order of it -----------------------------------------------------

  function rackTile(tile) {
    return mine.view.rack.find((item) => item.tile === tile);
  }

  function rackOrder() {
    const held = mine.view.rack.map((item) => item.tile);
    const kept = (orders.get(mine.player) ?? []).filter((tile) => held.includes(tile));
    const order = [...kept, ...held.filter((tile) => !kept.includes(tile))];
    orders.set(mine.player, order);
    return order;
  }

  /** The rack tiles not laid tentatively, in order. */
  function inHand() {
    const laid = new Set(pending.map((item) => item.tile));
    return rackOrder().filter((tile) => !laid.has(tile)).map(rackTile);
  }

  function drawRack() {
    draw.drawRack(view, inHand(), selected);
  }

  /** Change the rack's order (`change(order)` in place) and keep the focus on `tile`. */
  function reorder(tile, change) {
    if (!mine) return;
    change(orders.get(mine.player) ?? rackOrder());
    drawRack();
    if (tile !== null) draw.focusRackTile(tile);
  }

  // --- laying tiles ------------------------------------------------------------------------------

  const onTable = ({ row, col }) => view.cells.find(([r, c]) => r === row && c === col);
  const pendingAt = ({ row, col }) => pending.findIndex((item) => item.row === row && item.col === col);

  function onCell(cell) {
    describe(cell);
    if (!mine || guard.busy) return;
    const at = pendingAt(cell);
    if (at >= 0) {
      pending.splice(at, 1); // a tentative tile goes back to the rack
      return changed();
    }
    if (selected === null) return;
    const there = onTable(cell);
    if (there) {
      if (there[4]) act({ type: "swap", cell: [cell.row, cell.col], tile: selected });
      return;
    }
    placeAt(selected, cell);
  }

  async function placeAt(tile, { row, col }, letter) {
    if (onTable({ row, col }) || pendingAt({ row, col }) >= 0) return;
    const item = { tile, row, col };
    if (rackTile(tile).letter === "*") {
      item.letter = letter ?? (await askJokerLetter(rackTile(tile).colour));
      if (!item.letter) return;
    }
    pending.push(item);
    selected = null;
    changed();
  }

  /** The tiles laid tentatively changed: what was said about the earlier ones is over. */
  function changed() {
    draw.drawMessage();
    drawTable();
    drawRack();
    refreshPreview();
  }

  /** Typing on the table: a letter lays a rack tile (or a joker of its colour) at the cursor. */
  function onKey(key, cursor) {
    if (["ArrowDown", "ArrowUp"].includes(key)) direction = "down";
    if (["ArrowLeft", "ArrowRight"].includes(key)) direction = "across";
    if (!mine) return false;
    if (key === "Escape") {
      pending = [];
      changed();
      return true;
    }
    if (key === "Backspace") {
      const last = pending.pop();
      if (last) board.moveCursor(last.row, last.col);
      changed();
      return true;
    }
    return rack.typeLetter(key, cursor,
      { direction, free: inHand, jokerLetters: mine.view.joker_letters, taken: onTable, placeAt, board });
  }

  function describe(cell) {
    const there = onTable(cell);
    const laid = pending.find((item) => item.row === cell.row && item.col === cell.col);
    draw.drawCursor(cell, there ? there[3] : laid ? (laid.letter ?? rackTile(laid.tile).letter) : null);
  }

  /** The joker's letter, asked in a dialog (null if it was closed without one). */
  function askJokerLetter(colour) {
    draw.drawJokerChoice(colour, mine.view.joker_letters[colour]);
    return rack.askJokerLetter($("td-joker"), $("td-joker-letters"));
  }

  let previewTicket = 0;
  async function refreshPreview() {
    const ticket = ++previewTicket;
    preview = null;
    showPreview();
    if (!pending.length) return;
    const answer = await engine("preview", shown.state, pending);
    if (ticket !== previewTicket) return;
    preview = answer;
    showPreview();
  }

  function showPreview() {
    draw.drawPreview(view, preview);
    refreshControls();
  }

  // --- actions -------------------------------------------------------------------------------------

  function act(action) {
    if (action.type !== "draw") return guard.run(() => session.act(action, shown));
    guard.run(async () => { // a draw cannot be taken back; its tiles are shown to the drawer before the device goes on
      const { player, view: before } = mine;
      const had = new Set(before.rack.map((item) => item.tile));
      await session.act(action, shown);
      const after = await engine("view", session.current.state, player);
      drew = { player, tiles: after.rack.filter((item) => !had.has(item.tile)) };
      drawStep();
    }, { hold: true });
  }

  function reveal() {
    guard.run(async () => {
      mine = { key: turnKey(), player: view.current, view: await engine("view", shown.state, view.current) };
      drawStep();
      $("td-board").focus({ preventScroll: true });
    });
  }

  /** A placement the rack can make, laid out to be placed (a search: the table stays usable meanwhile). */
  async function hint() {
    const asked = shown;
    const found = await search("hint", asked.state).catch((error) => report(error, message));
    if (!found || shown !== asked || guard.busy) return; // (cancelled, or the game moved on meanwhile)
    const { move, count } = found;
    if (!move) {
      draw.drawMessage("td.hint.none");
      return;
    }
    pending = move.tiles.map((item) => ({ ...item }));
    changed();
    draw.drawMessage("td.hint.shown", { word: move.word, count });
    board.showCells(pending); // the proposal in view
  }

  listen({
    ...rack.choiceIntents({ board, chosen: () => selected, choose: (tile) => { selected = tile; }, placeAt,
      redraw: (tile) => reorder(tile, () => {}) }),
    ...rack.orderIntents(reorder),
    act: (index) => act(legal[index]),
    place: () => act({ type: "place", tiles: pending }),
    overrule: () => act({ type: "place", tiles: pending, overrule: true }),
    clear() {
      pending = [];
      changed();
    },
    sort: () => reorder(null, (order) => order.sort((a, b) => rackTile(a).letter.localeCompare(rackTile(b).letter))),
    hint,
    fit: () => board.fit(),
    askPass: () => draw.drawPass(view, true),
    passBack: () => draw.drawPass(view),
    reveal,
    nextDeal: () => act({ type: "next_deal" }),
    coverDrawn: () => {
      drew = null;
      drawStep();
    },
    undo: () => guard.run(() => session.undo(shown)),
  });

  return {
    render,
    /** Where a table cell's centre is on the page (for the automation hook). */
    tablePoint: (row, col) => board.pagePoint(row, col),
    relabel() {
      if (!shown) return;
      redraw();
      refreshPreview();
    },
  };
}
