// TYP-DOM's input beside the table (whose taps and keys board.js reads): the
// rack (tap, Alt+Arrow, drag onto the table or onto another tile), the turn's
// buttons and the pass screen, turned into the turn flow's intents
// (screen.js). Nothing here draws the game or asks the engine.

const $ = (id) => document.getElementById(id);
const DRAG_SLOP = 6; // a pointer that moves less than this is a tap, not a drag

/** Wire the controls to `intents`: select(tile), shift(tile, by), drop(tile, x, y), reorder(tile, before),
 *  act(index of a listed action), place(), overrule(), clear(), shuffle(), sort(), hint(), fit(), askPass(),
 *  passBack(), reveal(), nextDeal(), coverDrawn(), undo(). */
export function listen(intents) {
  const rack = $("td-rack");
  const tileOf = (event) => event.target.closest?.(".rack-tile");
  rack.addEventListener("click", (event) => {
    const button = tileOf(event);
    if (button) intents.select(Number(button.dataset.tile));
  });
  rack.addEventListener("keydown", (event) => {
    const button = tileOf(event);
    if (!button || !event.altKey || !["ArrowLeft", "ArrowRight"].includes(event.key)) return;
    event.preventDefault();
    intents.shift(Number(button.dataset.tile), event.key === "ArrowLeft" ? -1 : 1);
  });
  rack.addEventListener("pointerdown", (event) => {
    const button = tileOf(event);
    if (button) dragTile(event, button, $("td-board"), intents);
  });
  $("td-draws").addEventListener("click", (event) => {
    const button = event.target.closest("button[data-index]");
    if (button) intents.act(Number(button.dataset.index));
  });
  const buttons = {
    "td-place": intents.place, "td-overrule": intents.overrule, "td-clear": intents.clear, "td-shuffle": intents.shuffle,
    "td-sort": intents.sort, "td-hint": intents.hint, "td-fit": intents.fit, "td-pass-me": intents.askPass,
    "td-pass-back": intents.passBack, "td-pass-show": intents.reveal, "td-next-deal": intents.nextDeal, "td-undo": intents.undo,
    "td-drew-done": intents.coverDrawn,
  };
  for (const [id, intent] of Object.entries(buttons)) $(id).addEventListener("click", () => intent());
}

/** Dragging a hand's tile: onto the `board` canvas lays it there (`drop(tile, x, y)`), onto another tile of the
 *  hand re-orders (`reorder(tile, before)`); a ghost of the tile follows the pointer. A pointer that barely
 *  moved is a tap (the click selects). */
export function dragTile(event, button, board, intents) {
  const tile = Number(button.dataset.tile);
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
    if (!ghost) return;
    ghost.remove();
    const swallow = (c) => c.stopImmediatePropagation(); // the click that ends the drag, not a tap
    button.addEventListener("click", swallow, { once: true, capture: true });
    setTimeout(() => button.removeEventListener("click", swallow, { capture: true })); // (none came: the button stays)
    if (e.type !== "pointerup") return;
    const target = document.elementFromPoint(e.clientX, e.clientY);
    if (target === board) intents.drop(tile, e.clientX, e.clientY);
    const other = target?.closest?.(".rack-tile");
    if (other && other !== button) intents.reorder(tile, Number(other.dataset.tile));
  };
  button.addEventListener("pointermove", move);
  button.addEventListener("pointerup", end);
  button.addEventListener("pointercancel", end);
}
