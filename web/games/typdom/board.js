// The TYP-DOM table: a canvas onto a grid without edges. It draws the tiles it
// is given (and, for Presto, bands under the lines the engine marked), pans
// (drag, arrow keys with Shift), zooms (wheel, pinch, + and -), frames the
// crossword on request, and reports taps and keys as grid cells; a tile marked
// `movable` is carried by a drag instead, and its drop reported. It knows
// nothing of the rules: the screen decides what a tap or a drop means.

import { keepChildren } from "../../common.js";

const MIN_CELL = 14; // smallest and largest tile size in CSS pixels
const MAX_CELL = 72;
const TAP_SLOP = 6; // a pointer that moves less than this is a tap, not a drag

const TILE_COLOURS = {
  red: { face: "#fbeee6", ink: "#b3261e", edge: "#b3261e" },
  black: { face: "#f4f1ea", ink: "#1b1b1b", edge: "#5b5b5b" },
};

/** One tile: a rounded square with its letter in its colour, the value (Point) bottom right,
 * a star top left for a joker, and a dashed edge while it is only laid tentatively. */
export function drawTile(ctx, x, y, size, { letter, colour, value, joker, pending, selected }) {
  const look = TILE_COLOURS[colour];
  const radius = size * 0.14;
  ctx.save();
  ctx.beginPath();
  ctx.roundRect(x + 1, y + 1, size - 2, size - 2, radius);
  ctx.fillStyle = pending ? "#fff7c2" : look.face;
  ctx.fill();
  ctx.lineWidth = selected ? Math.max(2, size * 0.08) : Math.max(1, size * 0.04);
  ctx.strokeStyle = selected ? "#1a56db" : look.edge;
  if (pending) ctx.setLineDash([size * 0.12, size * 0.08]);
  ctx.stroke();
  ctx.setLineDash([]);
  ctx.fillStyle = look.ink;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.font = `700 ${Math.round(size * 0.56)}px system-ui, sans-serif`;
  ctx.fillText(letter || "★", x + size / 2, y + size * 0.52);
  ctx.font = `600 ${Math.round(size * 0.24)}px system-ui, sans-serif`;
  if (joker && letter) ctx.fillText("★", x + size * 0.2, y + size * 0.2);
  if (value !== undefined && value !== null) {
    ctx.textAlign = "right";
    ctx.fillText(String(value), x + size * 0.9, y + size * 0.8);
  }
  ctx.restore();
}

/** Tiles ({row, col, letter, colour, joker}) drawn as small as it takes to show them all in a canvas that
 *  replaces what `picture` (a menu card's picture) held: the table in miniature. */
export function drawMiniTable(picture, tiles) {
  const canvas = document.createElement("canvas");
  canvas.setAttribute("aria-hidden", "true");
  picture.classList.add("table");
  picture.replaceChildren(canvas);
  const width = canvas.clientWidth || 240;
  const height = canvas.clientHeight || 64;
  const ratio = window.devicePixelRatio || 1;
  canvas.width = Math.round(width * ratio);
  canvas.height = Math.round(height * ratio);
  const ctx = canvas.getContext("2d");
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  if (!tiles.length) return;
  const rows = tiles.map((tile) => tile.row);
  const cols = tiles.map((tile) => tile.col);
  const [top, left] = [Math.min(...rows), Math.min(...cols)];
  const size = Math.min(24, height / (Math.max(...rows) - top + 1), width / (Math.max(...cols) - left + 1));
  for (const tile of tiles) drawTile(ctx, (tile.col - left) * size, (tile.row - top) * size, size, tile);
}

const HAND_TILE = 44; // a tile in a hand, in CSS pixels

/** `container` holding a tile button for each of `tiles` ({item, label, selected}), in their order. A button
 *  whose tile looks as it did stays as drawn: a hand drawn anew on every tap made each tile's canvas anew (a
 *  phone's time, and a moved focus). */
export function fillTiles(container, tiles) {
  const buttons = tiles.map(({ item, label, selected }) => tileButton(item, { label, selected }));
  const added = keepChildren(container, buttons);
  const ratio = window.devicePixelRatio || 1;
  for (const button of added) {
    const canvas = button.firstChild;
    const ctx = canvas.getContext("2d");
    ctx.scale(ratio, ratio);
    drawTile(ctx, 0, 0, HAND_TILE, JSON.parse(canvas.dataset.look));
  }
}

/** A tile in a player's hand: a button carrying its tile id, its canvas sized and carrying what it will show. */
function tileButton({ tile, letter, colour, value }, { label, selected }) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "rack-tile";
  button.dataset.tile = String(tile);
  button.setAttribute("aria-label", label);
  button.setAttribute("aria-pressed", String(selected));
  const canvas = document.createElement("canvas");
  const ratio = window.devicePixelRatio || 1;
  canvas.width = canvas.height = HAND_TILE * ratio;
  canvas.style.width = canvas.style.height = `${HAND_TILE}px`;
  const joker = letter === "*";
  canvas.dataset.look = JSON.stringify({ letter: joker ? "" : letter, colour, value, joker, selected });
  button.append(canvas);
  return button;
}

const LINE_LOOK = { // a line that is a word: a solid green band; not yet: a dashed orange outline
  word: { fill: "rgba(46, 125, 50, 0.22)", stroke: "#2e7d32", dash: [] },
  not: { fill: "rgba(230, 81, 0, 0.10)", stroke: "#e65100", dash: [6, 4] },
};

export function createBoard(canvas, { onCell, onKey, describe, onDropTile = null }) {
  const ctx = canvas.getContext("2d");
  let tiles = []; // [{row, col, letter, colour, value, joker, pending, movable}]
  let lines = []; // [{cells: [[row, col], ...], word: bool}]
  let carried = null; // a movable tile being dragged: {tile, x, y} in canvas pixels
  let cell = 44; // tile size in CSS pixels
  let centre = { x: 0.5, y: 0.5 }; // the grid point (in cells) at the canvas centre
  let cursor = { row: 0, col: 0 };
  let showCursor = false;
  const pointers = new Map(); // pointerId -> {x, y, startX, startY}
  let pinch = null; // {distance, cell}

  function size() {
    const rect = canvas.getBoundingClientRect();
    return { width: rect.width, height: rect.height };
  }

  function draw() {
    const { width, height } = size();
    const ratio = window.devicePixelRatio || 1;
    if (canvas.width !== Math.round(width * ratio) || canvas.height !== Math.round(height * ratio)) {
      canvas.width = Math.round(width * ratio);
      canvas.height = Math.round(height * ratio);
    }
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    ctx.clearRect(0, 0, width, height);
    drawGrid(width, height);
    for (const line of lines) drawLine(line);
    for (const tile of tiles) {
      if (tile === carried?.tile) continue;
      const { x, y } = toScreen(tile.row, tile.col);
      if (x > -cell && y > -cell && x < width && y < height) drawTile(ctx, x, y, cell, tile);
    }
    if (carried) drawTile(ctx, carried.x - cell / 2, carried.y - cell / 2, cell, { ...carried.tile, selected: true });
    if (showCursor) {
      const { x, y } = toScreen(cursor.row, cursor.col);
      ctx.lineWidth = 3;
      ctx.strokeStyle = "#1a56db";
      ctx.strokeRect(x + 1.5, y + 1.5, cell - 3, cell - 3);
    }
  }

  function drawGrid(width, height) {
    ctx.strokeStyle = "rgba(0, 0, 0, 0.06)";
    ctx.lineWidth = 1;
    const origin = toScreen(0, 0);
    const startX = origin.x - Math.ceil(origin.x / cell) * cell;
    const startY = origin.y - Math.ceil(origin.y / cell) * cell;
    ctx.beginPath();
    for (let x = startX; x < width; x += cell) ctx.moveTo(Math.round(x) + 0.5, 0), ctx.lineTo(Math.round(x) + 0.5, height);
    for (let y = startY; y < height; y += cell) ctx.moveTo(0, Math.round(y) + 0.5), ctx.lineTo(width, Math.round(y) + 0.5);
    ctx.stroke();
  }

  function drawLine({ cells, word }) {
    const look = LINE_LOOK[word ? "word" : "not"];
    const rows = cells.map(([r]) => r);
    const cols = cells.map(([, c]) => c);
    const from = toScreen(Math.min(...rows), Math.min(...cols));
    const pad = cell * 0.08;
    const w = (Math.max(...cols) - Math.min(...cols) + 1) * cell;
    const h = (Math.max(...rows) - Math.min(...rows) + 1) * cell;
    ctx.save();
    ctx.beginPath();
    ctx.roundRect(from.x - pad, from.y - pad, w + 2 * pad, h + 2 * pad, cell * 0.2);
    ctx.fillStyle = look.fill;
    ctx.fill();
    ctx.setLineDash(look.dash);
    ctx.lineWidth = 2;
    ctx.strokeStyle = look.stroke;
    ctx.stroke();
    ctx.restore();
  }

  function toScreen(row, col) {
    const { width, height } = size();
    return { x: width / 2 + (col - centre.x) * cell, y: height / 2 + (row - centre.y) * cell };
  }

  function cellAt(clientX, clientY) {
    const rect = canvas.getBoundingClientRect();
    const col = Math.floor(centre.x + (clientX - rect.left - rect.width / 2) / cell);
    const row = Math.floor(centre.y + (clientY - rect.top - rect.height / 2) / cell);
    return { row, col };
  }

  function zoom(factor, clientX, clientY) {
    const rect = canvas.getBoundingClientRect();
    const px = clientX === undefined ? 0 : clientX - rect.left - rect.width / 2;
    const py = clientY === undefined ? 0 : clientY - rect.top - rect.height / 2;
    const before = { x: centre.x + px / cell, y: centre.y + py / cell };
    cell = Math.min(MAX_CELL, Math.max(MIN_CELL, cell * factor));
    centre = { x: before.x - px / cell, y: before.y - py / cell }; // the point under the pointer stays put
    draw();
  }

  function pan(dx, dy) {
    centre = { x: centre.x - dx / cell, y: centre.y - dy / cell };
    draw();
  }

  /** Frame every tile (and the cursor's neighbourhood when there are none) with a margin. */
  function fit() {
    const { width, height } = size();
    if (!width || !height) return;
    const rows = tiles.map((t) => t.row);
    const cols = tiles.map((t) => t.col);
    if (!tiles.length) rows.push(0), cols.push(0);
    const top = Math.min(...rows) - 1.5;
    const left = Math.min(...cols) - 1.5;
    const bottom = Math.max(...rows) + 2.5;
    const right = Math.max(...cols) + 2.5;
    cell = Math.min(MAX_CELL * 0.8, Math.max(MIN_CELL, Math.min(width / (right - left), height / (bottom - top))));
    centre = { x: (left + right) / 2, y: (top + bottom) / 2 };
    draw();
  }

  /** Centre the view on a cell that is out of it. */
  function keepInView({ row, col }) {
    const { width, height } = size();
    const { x, y } = toScreen(row, col);
    if (x < 0 || y < 0 || x + cell > width || y + cell > height || covered(x, y)) {
      centre = { x: col + 0.5, y: row + 0.5 };
      draw();
    }
  }

  /** Whether a control laid over the table ("Alles zeigen") covers the cell whose corner is at (x, y). */
  function covered(x, y) {
    const rect = canvas.getBoundingClientRect();
    const [left, top] = [rect.left + x, rect.top + y];
    return [...(canvas.parentElement?.children ?? [])].some((control) => {
      if (control === canvas || !control.getClientRects().length) return false;
      const over = control.getBoundingClientRect();
      return left < over.right && left + cell > over.left && top < over.bottom && top + cell > over.top;
    });
  }

  function moveCursor(row, col) {
    cursor = { row, col };
    showCursor = true;
    keepInView(cursor);
    draw();
    describe(cursor);
  }

  // --- pointers: tap, drag to pan, pinch and wheel to zoom -------------------------------

  const tileAt = ({ row, col }) => tiles.find((tile) => tile.row === row && tile.col === col);

  canvas.addEventListener("pointerdown", (event) => {
    canvas.setPointerCapture?.(event.pointerId);
    const under = onDropTile && pointers.size === 0 ? tileAt(cellAt(event.clientX, event.clientY)) : null;
    pointers.set(event.pointerId, { x: event.clientX, y: event.clientY, startX: event.clientX, startY: event.clientY, moved: false,
      carrying: under?.movable ? under : null });
    if (pointers.size === 2) {
      const [a, b] = [...pointers.values()];
      pinch = { distance: Math.hypot(a.x - b.x, a.y - b.y), cell };
    }
  });
  canvas.addEventListener("pointermove", (event) => {
    const pointer = pointers.get(event.pointerId);
    if (!pointer) return;
    const dx = event.clientX - pointer.x;
    const dy = event.clientY - pointer.y;
    pointer.x = event.clientX;
    pointer.y = event.clientY;
    if (Math.hypot(pointer.x - pointer.startX, pointer.y - pointer.startY) > TAP_SLOP) pointer.moved = true;
    if (pinch && pointers.size === 2) {
      const [a, b] = [...pointers.values()];
      const factor = (pinch.cell * Math.hypot(a.x - b.x, a.y - b.y)) / pinch.distance / cell;
      zoom(factor, (a.x + b.x) / 2, (a.y + b.y) / 2);
    } else if (pointer.moved && pointer.carrying) {
      const rect = canvas.getBoundingClientRect();
      carried = { tile: pointer.carrying, x: event.clientX - rect.left, y: event.clientY - rect.top };
      draw();
    } else if (pointer.moved) {
      pan(dx, dy);
    }
  });
  function release(event) {
    const pointer = pointers.get(event.pointerId);
    pointers.delete(event.pointerId);
    if (pointers.size < 2) pinch = null;
    if (carried && pointer?.carrying) {
      const from = { row: carried.tile.row, col: carried.tile.col };
      carried = null;
      draw();
      if (event.type === "pointerup") onDropTile(from, event.clientX, event.clientY);
      return;
    }
    if (event.type === "pointerup" && pointer && !pointer.moved && pointers.size === 0) {
      const at = cellAt(event.clientX, event.clientY);
      cursor = at;
      onCell(at);
    }
  }
  canvas.addEventListener("pointerup", release);
  canvas.addEventListener("pointercancel", release);
  canvas.addEventListener("wheel", (event) => {
    event.preventDefault();
    zoom(Math.exp(-event.deltaY / 400), event.clientX, event.clientY);
  }, { passive: false });

  // --- keys: a cursor cell, panning, zooming ---------------------------------------------

  canvas.addEventListener("focus", () => { // (not moving the view: a tap that focuses the table lands where it was aimed)
    showCursor = true;
    draw();
    describe(cursor);
  });
  canvas.addEventListener("blur", () => {
    showCursor = false;
    draw();
  });
  const STEPS = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  canvas.addEventListener("keydown", (event) => {
    const step = STEPS[event.key];
    if (step && event.shiftKey) pan(-step[1] * cell, -step[0] * cell);
    else if (step) {
      onKey(event.key, cursor); // an arrow also sets the way typed letters run (down or across)
      moveCursor(cursor.row + step[0], cursor.col + step[1]);
    }
    else if (event.key === "+" || event.key === "=") zoom(1.25);
    else if (event.key === "-") zoom(0.8);
    else if (event.key === "0") fit();
    else if (event.key === "Enter" || event.key === " ") onCell(cursor);
    else if (!onKey(event.key, cursor)) return;
    event.preventDefault();
  });
  new ResizeObserver(() => draw()).observe(canvas);

  return {
    /** New tiles to show (and lines to mark under them); `frame` re-frames the crossword (after a move), else
     *  the view stays. */
    show(next, frame, marked = []) {
      tiles = next;
      lines = marked;
      if (frame) fit();
      else draw();
    },
    fit,
    cellAt,
    moveCursor,
    /** Bring these cells into view (a proposed word): centred on their middle if one of them is outside. */
    showCells(cells) {
      const { width, height } = size();
      const outside = cells.some(({ row, col }) => {
        const { x, y } = toScreen(row, col);
        return x < 0 || y < 0 || x + cell > width || y + cell > height;
      });
      if (!outside) return;
      const mean = (values) => values.reduce((a, b) => a + b, 0) / values.length;
      centre = { x: mean(cells.map((c) => c.col)) + 0.5, y: mean(cells.map((c) => c.row)) + 0.5 };
      draw();
    },
    /** Where a grid cell is on the page (its centre), brought into view first: for the automation hook. */
    pagePoint(row, col) {
      keepInView({ row, col });
      const rect = canvas.getBoundingClientRect();
      const { x, y } = toScreen(row, col);
      return { x: rect.left + x + cell / 2, y: rect.top + y + cell / 2 };
    },
  };
}
