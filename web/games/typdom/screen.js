// The TYP-DOM screen: a table without edges (board.js), a private rack per
// player behind a pass screen, computer players, and a placement that the
// engine previews word by word before it is laid. The engine decides every
// rule; this file only lays tiles tentatively and asks.

import { errorText, t } from "../../i18n.js";
import { createBoard, drawTile } from "./board.js";
import { createComputerMover, createGuard, fillList, headerCell, resultText, tableRow } from "../../common.js";

const $ = (id) => document.getElementById(id);
const COMPUTER_PAUSE_MS = 700; // long enough to see what the computer laid
const DRAG_SLOP = 6;
const PANELS = ["td-pass", "td-play", "td-thinking", "td-deal"];

export function createScreen({ session, storage, report, engine }) {
  let shown = null; // the game last drawn here: {record, state, view, log}
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
  const name = (p) => view.players[p];
  const isComputer = (p) => (view.options.computer[p] ?? 0) > 0;
  const humans = () => view.players.map((_, p) => p).filter((p) => !isComputer(p));
  const turnKey = () => `${view.deal}:${view.round}:${view.current}`;
  const board = createBoard($("td-board"), { onCell, onKey, describe });

  // --- drawing -------------------------------------------------------------------------

  function render(current) {
    shown = current;
    view = current.view;
    computer.cancel();
    if (mine && (mine.key !== turnKey() || view.deal_over)) mine = null;
    pending = [];
    selected = null;
    preview = null;
    message.textContent = "";
    $("td-round").textContent = t("td.round", { deal: view.deal, deals: view.options.deals, pool: view.pool });
    drawTable();
    drawScores();
    fillList($("td-log"), view.log.map(logLine));
    $("td-result").hidden = !view.over;
    if (view.over) $("td-winners").textContent = resultText(view, storage, report);
    settle(current).catch((error) => report(error, message));
  }

  let renderTicket = 0;
  /** The rest of drawing needs the engine: what may be done now, and the rack if it is on show.
   * (Not through the guard: a render often comes from inside a guarded action.) */
  async function settle(current) {
    const ticket = ++renderTicket;
    const actions = await engine("legal_actions", current.state);
    const alone = !view.over && !view.deal_over && !isComputer(view.current) && humans().length <= 1;
    const own = mine || alone ? await engine("view", current.state, view.current) : null; // nobody to hide it from
    if (ticket !== renderTicket) return;
    legal = actions;
    if (own) mine = { key: turnKey(), player: view.current, view: own };
    drawStep();
  }

  function showPanel(id) {
    for (const panel of PANELS) $(panel).hidden = panel !== id;
  }

  function drawStep() {
    if (!mine) $("td-rack").replaceChildren(); // nothing of the last rack stays in the page
    if (view.deal_over) { // (the last deal of a game too: its summary stays above the result)
      drawDealOver();
    } else if (isComputer(view.current)) {
      showPanel("td-thinking");
      $("td-status").textContent = t("td.thinking", { name: name(view.current) });
      computer.schedule();
    } else if (mine) {
      drawPlay();
    } else {
      drawPass();
    }
    refreshControls();
  }

  function drawTable() {
    const tiles = view.cells.map(([row, col, colour, letter, joker]) => ({
      row, col, colour, letter, joker, value: pointValue(joker ? "*" : letter),
    }));
    for (const item of pending) {
      const tile = rackTile(item.tile);
      tiles.push({ row: item.row, col: item.col, colour: tile.colour, letter: item.letter ?? tile.letter,
        joker: tile.letter === "*", value: pointValue(tile.letter), pending: true });
    }
    board.show(tiles, view.cells.length !== tilesOnTable);
    tilesOnTable = view.cells.length;
    $("td-board").setAttribute("aria-label", t("td.board", { tiles: view.cells.length }));
  }

  /** Point-Typ-Dom shows each tile's value ("*" a joker's), as the engine's view gives it. */
  function pointValue(tile) {
    return view.options.variant === "point" ? view.values[tile] : null;
  }

  function drawScores() {
    const point = view.options.variant === "point";
    const table = $("td-scores");
    const head = [t("td.player"), t("td.tiles"), ...(point ? [t("td.points")] : []),
      ...(view.options.deals > 1 ? [t("td.total")] : [])];
    const rows = view.players.map((player, p) => {
      const tr = tableRow("td", [String(view.rack_sizes[p]), ...(point ? [String(view.scores[p])] : []),
        ...(view.options.deals > 1 ? [String(view.totals[p])] : [])]);
      const label = isComputer(p) ? `${player} (${t(`td.strength.${view.options.computer[p]}`)})` : player;
      tr.prepend(headerCell(p === view.current && !view.deal_over ? `▶ ${label}` : label, "row"));
      return tr;
    });
    table.replaceChildren(table.caption ?? "", tableRow("th", head, "col"), ...rows);
  }

  function logLine(line) {
    if (!line.words.length) {
      return line.drew ? t("td.log.drew", { name: name(line.player), count: line.drew })
        : t("td.log.pass", { name: name(line.player) });
    }
    const key = view.options.variant === "point" ? "td.log.placed.points" : "td.log.placed";
    const text = t(key, { name: name(line.player), words: line.words.join(", "), points: line.points });
    return line.overruled?.length ? t("td.log.overruled", { line: text, words: line.overruled.join(", ") }) : text;
  }

  function drawPass() {
    showPanel("td-pass");
    const player = name(view.current);
    $("td-status").textContent = t("td.pass.title", { name: player });
    $("td-pass-title").textContent = t("td.pass.title", { name: player });
    $("td-pass-me").textContent = t("td.pass.me", { name: player });
    $("td-pass-me").hidden = false;
    $("td-pass-confirm").hidden = true;
    $("td-pass-question").textContent = t("td.pass.confirm", { name: player });
  }

  function drawDealOver() {
    showPanel("td-deal");
    const ended = shown.log.flat().filter((e) => e.e === "deal_over").at(-1);
    $("td-status").textContent = t("td.deal.over", { deal: ended.deal });
    const winners = ended.winners.map(name).join(", ");
    $("td-deal-text").textContent = t(ended.blocked ? "td.deal.blocked" : "td.deal.won", { names: winners });
    fillList($("td-deal-left"), view.players.map((player, p) =>
      t("td.deal.left", { name: player, tiles: ended.left[p].length, points: ended.scores[p] })));
    $("td-next-deal").hidden = view.over;
    if (!view.over && !humans().length) computer.schedule();
  }

  function drawPlay() {
    showPanel("td-play");
    $("td-status").textContent = t(view.second ? "td.second" : "td.turn", { name: name(mine.player) });
    drawRack();
    drawPreview();
    drawActions();
  }

  // --- the rack ----------------------------------------------------------------------------

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

  function tileLabel(item) {
    if (item.letter === "*") return t("td.tile.joker", { colour: t(`td.colour.${item.colour}`) });
    const key = view.options.variant === "point" ? "td.tile.points" : "td.tile";
    return t(key, { letter: item.letter, colour: t(`td.colour.${item.colour}`), value: item.value });
  }

  function drawRack() {
    const laid = new Set(pending.map((item) => item.tile));
    const buttons = rackOrder().filter((tile) => !laid.has(tile)).map((tile) => {
      const item = rackTile(tile);
      const button = document.createElement("button");
      button.type = "button";
      button.className = "rack-tile";
      button.dataset.tile = String(tile);
      button.setAttribute("aria-label", tileLabel(item));
      button.setAttribute("aria-pressed", String(selected === tile));
      const canvas = document.createElement("canvas");
      const size = 44;
      const ratio = window.devicePixelRatio || 1;
      canvas.width = canvas.height = size * ratio;
      canvas.style.width = canvas.style.height = `${size}px`;
      const ctx = canvas.getContext("2d");
      ctx.scale(ratio, ratio);
      drawTile(ctx, 0, 0, size, { letter: item.letter === "*" ? "" : item.letter, colour: item.colour,
        value: pointValue(item.letter), joker: item.letter === "*", selected: selected === tile });
      button.append(canvas);
      button.addEventListener("click", () => {
        selected = selected === tile ? null : tile;
        drawRack();
        $("td-rack").querySelector(`[data-tile="${tile}"]`)?.focus();
      });
      button.addEventListener("keydown", (event) => moveInRack(event, tile));
      button.addEventListener("pointerdown", (event) => startDrag(event, tile));
      return button;
    });
    $("td-rack").replaceChildren(...buttons);
  }

  /** Alt+Arrow moves a tile along the rack. */
  function moveInRack(event, tile) {
    if (!event.altKey || !["ArrowLeft", "ArrowRight"].includes(event.key)) return;
    event.preventDefault();
    const order = orders.get(mine.player);
    const at = order.indexOf(tile);
    const to = Math.max(0, Math.min(order.length - 1, at + (event.key === "ArrowLeft" ? -1 : 1)));
    order.splice(at, 1);
    order.splice(to, 0, tile);
    drawRack();
    $("td-rack").querySelector(`[data-tile="${tile}"]`).focus();
  }

  /** Dragging a rack tile: onto the table lays it there, onto another rack tile re-orders. */
  function startDrag(event, tile) {
    const button = event.currentTarget;
    const start = { x: event.clientX, y: event.clientY };
    let ghost = null;
    button.setPointerCapture?.(event.pointerId);
    const move = (e) => {
      if (!ghost && Math.hypot(e.clientX - start.x, e.clientY - start.y) < DRAG_SLOP) return;
      if (!ghost) {
        ghost = button.cloneNode(true);
        ghost.className = "rack-tile ghost";
        ghost.querySelector("canvas").getContext("2d").drawImage(button.querySelector("canvas"), 0, 0);
        document.body.append(ghost);
      }
      ghost.style.left = `${e.clientX - 22}px`;
      ghost.style.top = `${e.clientY - 22}px`;
    };
    const end = (e) => {
      button.removeEventListener("pointermove", move);
      button.removeEventListener("pointerup", end);
      button.removeEventListener("pointercancel", end);
      if (!ghost) return; // a tap: the click selects
      ghost.remove();
      button.addEventListener("click", (c) => c.stopImmediatePropagation(), { once: true, capture: true });
      if (e.type !== "pointerup") return;
      const target = document.elementFromPoint(e.clientX, e.clientY);
      if (target === $("td-board")) placeAt(tile, board.cellAt(e.clientX, e.clientY));
      const other = target?.closest?.(".rack-tile");
      if (other && other !== button) {
        const order = orders.get(mine.player);
        order.splice(order.indexOf(tile), 1);
        order.splice(order.indexOf(Number(other.dataset.tile)), 0, tile);
        drawRack();
      }
    };
    button.addEventListener("pointermove", move);
    button.addEventListener("pointerup", end);
    button.addEventListener("pointercancel", end);
  }

  // --- laying tiles ----------------------------------------------------------------------

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
      if (there[4]) swapJoker(cell, selected);
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

  function changed() {
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
    const letter = key.length === 1 ? key.toUpperCase() : "";
    if (!/^[A-Z]$/.test(letter)) return false;
    const laid = new Set(pending.map((item) => item.tile));
    const free = rackOrder().filter((tile) => !laid.has(tile)).map(rackTile);
    const real = free.find((item) => item.letter === letter);
    const joker = free.find((item) => item.letter === "*" && mine.view.joker_letters[item.colour].includes(letter));
    const tile = real ?? joker;
    if (!tile || onTable(cursor)) return true;
    placeAt(tile.tile, cursor, real ? undefined : letter);
    const step = direction === "down" ? [1, 0] : [0, 1];
    let next = { row: cursor.row + step[0], col: cursor.col + step[1] };
    while (onTable(next)) next = { row: next.row + step[0], col: next.col + step[1] }; // type on past old letters
    board.moveCursor(next.row, next.col);
    return true;
  }

  function describe(cell) {
    const there = onTable(cell);
    const laid = pending.find((item) => item.row === cell.row && item.col === cell.col);
    const letter = there ? there[3] : laid ? (laid.letter ?? rackTile(laid.tile).letter) : null;
    $("td-cursor").textContent = t(letter ? "td.cursor.tile" : "td.cursor.empty",
      { row: cell.row, col: cell.col, letter });
  }

  function askJokerLetter(colour) {
    const dialog = $("td-joker");
    $("td-joker-letters").replaceChildren(...mine.view.joker_letters[colour].map((letter) => {
      const button = document.createElement("button");
      button.type = "submit";
      button.value = letter;
      button.textContent = letter;
      return button;
    }));
    $("td-joker-prompt").textContent = t(`td.joker.${colour}`);
    return new Promise((resolve) => {
      dialog.addEventListener("close", () => resolve(dialog.returnValue && dialog.returnValue !== "cancel" ? dialog.returnValue : null),
        { once: true });
      dialog.returnValue = "";
      dialog.showModal();
      $("td-joker-letters").firstElementChild.focus();
    });
  }

  let previewTicket = 0;
  async function refreshPreview() {
    const ticket = ++previewTicket;
    preview = null;
    drawPreview();
    if (!pending.length) return;
    const answer = await engine("preview", shown.state, pending);
    if (ticket !== previewTicket) return;
    preview = answer;
    drawPreview();
  }

  function drawPreview() {
    const lines = (preview?.words ?? []).map(({ word, valid }) => t(valid ? "td.word.ok" : "td.word.bad", { word }));
    if (preview && !preview.problem && view.options.variant === "point") lines.push(t("td.word.points", { points: preview.points }));
    fillList($("td-words"), lines);
    $("td-problem").textContent = preview?.problem ? errorText(preview.problem) : "";
    // Only a word the lexicon refuses can be overruled (the engine checks the rest as ever).
    const refused = preview?.problem?.code === "not_a_word" ? preview.words.filter((w) => !w.valid).map((w) => w.word) : [];
    $("td-overrule").hidden = !refused.length;
    $("td-overrule").textContent = t("td.overrule", { words: refused.join(", ") });
    refreshControls();
  }

  function drawActions() {
    $("td-draws").replaceChildren(...legal.map((action) => {
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = action.type === "stop" ? t("td.stop") : t("td.draw", { count: action.count });
      button.addEventListener("click", () => act(action));
      return button;
    }));
  }

  // --- actions -----------------------------------------------------------------------------

  function act(action) {
    guard.run(() => session.act(action, shown), { hold: action.type === "draw" }); // a draw cannot be taken back
  }

  function swapJoker(cell, tile) {
    act({ type: "swap", cell: [cell.row, cell.col], tile });
  }

  function reveal() {
    guard.run(async () => {
      mine = { key: turnKey(), player: view.current, view: await engine("view", shown.state, view.current) };
      drawStep();
      $("td-board").focus({ preventScroll: true });
    });
  }

  function refreshControls() {
    const busy = guard.busy;
    $("td-place").disabled = busy || !preview || Boolean(preview.problem);
    $("td-overrule").disabled = busy;
    $("td-clear").disabled = busy || !pending.length;
    $("td-hint").disabled = busy || !mine;
    for (const button of $("td-draws").children) button.disabled = busy || guard.holding || pending.length > 0;
    $("td-undo").disabled = busy || !view?.can.undo;
    $("td-pass-me").disabled = busy;
  }

  $("td-place").addEventListener("click", () => act({ type: "place", tiles: pending }));
  $("td-overrule").addEventListener("click", () => act({ type: "place", tiles: pending, overrule: true }));
  $("td-clear").addEventListener("click", () => {
    pending = [];
    changed();
  });
  $("td-shuffle").addEventListener("click", () => {
    const order = orders.get(mine.player);
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1)); // display order only: no rule depends on it
      [order[i], order[j]] = [order[j], order[i]];
    }
    drawRack();
  });
  $("td-sort").addEventListener("click", () => {
    orders.get(mine.player).sort((a, b) => rackTile(a).letter.localeCompare(rackTile(b).letter));
    drawRack();
  });
  $("td-hint").addEventListener("click", () => guard.run(async () => {
    const { move, count } = await engine("hint", shown.state);
    if (!move) {
      message.textContent = t("td.hint.none");
      return;
    }
    pending = move.tiles.map((item) => ({ ...item }));
    message.textContent = t("td.hint.shown", { word: move.word, count });
    changed();
  }));
  $("td-fit").addEventListener("click", () => board.fit());
  $("td-pass-me").addEventListener("click", () => {
    $("td-pass-me").hidden = true;
    $("td-pass-confirm").hidden = false;
    $("td-pass-show").focus();
  });
  $("td-pass-back").addEventListener("click", () => drawPass());
  $("td-pass-show").addEventListener("click", () => reveal());
  $("td-next-deal").addEventListener("click", () => act({ type: "next_deal" }));
  $("td-undo").addEventListener("click", () => guard.run(() => session.undo(shown)));

  return {
    render,
    /** Where a table cell's centre is on the page (for the automation hook). */
    tablePoint: (row, col) => board.pagePoint(row, col),
    relabel() {
      if (shown) render(shown);
    },
  };
}
