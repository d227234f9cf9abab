// The rack as every TYP-DOM screen (TYP-DOM, Presto, Wer behält recht?) handles
// it: a tile chosen and laid on the table by a tap, a drag or its letter typed,
// a joker's letter asked, and this device's order of the rack. Each screen keeps
// its own tiles, order and choice and hands its functions to these pieces, so
// that the same gesture does the same thing in every variant. Nothing here
// decides a rule or draws.

import { showDialog } from "../../dialog.js";

/** The intents select(tile) and drop(tile, x, y) for input.js's listen(): a tap chooses a rack tile for the next
 *  tap on the table, or lets the chosen one go (the screen's `chosen()`, set by `choose(tile | null)`), then
 *  `redraw(tile)`; a drag onto the `board` lays the tile on the cell under the pointer by `placeAt(tile, cell)`. */
export function choiceIntents({ board, chosen, choose, redraw, placeAt }) {
  return {
    select(tile) {
      choose(chosen() === tile ? null : tile);
      redraw(tile);
    },
    drop: (tile, x, y) => placeAt(tile, board.cellAt(x, y)),
  };
}

/** The intents shift(tile, by), reorder(tile, before) and shuffle() for input.js's listen(), each a change of
 *  this device's rack order made through the screen's `reorder(tile, change)` (which changes the order in place,
 *  draws it and keeps the focus on `tile`, if not null). */
export function orderIntents(reorder) {
  return {
    shift: (tile, by) => reorder(tile, (order) => {
      const at = order.indexOf(tile);
      order.splice(at, 1);
      order.splice(Math.max(0, Math.min(order.length, at + by)), 0, tile);
    }),
    reorder: (tile, before) => reorder(null, (order) => {
      order.splice(order.indexOf(tile), 1);
      order.splice(order.indexOf(before), 0, tile);
    }),
    shuffle: () => reorder(null, (order) => {
      for (let i = order.length - 1; i > 0; i--) {
        const j = Math.floor(Math.random() * (i + 1)); // display order only: no rule depends on it
        [order[i], order[j]] = [order[j], order[i]];
      }
    }),
  };
}

/** Typing `key` on the table at `cursor`: a letter lays a tile of the rack's `free()` ones with that letter, else
 *  a joker that may stand for it (`jokerLetters[colour]`), by `placeAt(tile, cell, letter)` unless the cursor's
 *  cell is `taken`, and the `board`'s cursor moves on in `direction` past the cells taken. False if the key types
 *  no letter (it is the board's), else true. */
export function typeLetter(key, cursor, { direction, free, jokerLetters, taken, placeAt, board }) {
  const letter = key.length === 1 ? key.toUpperCase() : "";
  if (!/^[A-Z]$/.test(letter)) return false;
  const tiles = free();
  const tile = tiles.find((item) => item.letter === letter)
    ?? tiles.find((item) => item.letter === "*" && jokerLetters[item.colour].includes(letter));
  if (!tile || taken(cursor)) return true;
  placeAt(tile.tile, cursor, letter);
  const step = direction === "down" ? [1, 0] : [0, 1];
  let next = { row: cursor.row + step[0], col: cursor.col + step[1] };
  while (taken(next)) next = { row: next.row + step[0], col: next.col + step[1] }; // type on past old letters
  board.moveCursor(next.row, next.col);
  return true;
}

/** A joker's letter, asked in `dialog` once its letter buttons (in `letters`) are drawn: the letter, or null if
 *  it was closed without one. (showDialog: the tap on the cell that opened it chooses no letter.) */
export function askJokerLetter(dialog, letters) {
  return new Promise((resolve) => {
    dialog.addEventListener("close", () => resolve(dialog.returnValue && dialog.returnValue !== "cancel" ? dialog.returnValue : null),
      { once: true });
    dialog.returnValue = "";
    showDialog(dialog);
    letters.firstElementChild.focus();
  });
}
