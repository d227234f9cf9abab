// TYP-DOM Presto's input beside the table (whose taps, keys and drags board.js
// reads): the hand (tap, Alt+Arrow, drag onto the table or onto another tile),
// the race's buttons and the pass screen, turned into the race flow's intents
// (screen.js). Nothing here draws the game or asks the engine.

import { dragTile } from "../typdom/input.js";

const $ = (id) => document.getElementById(id);

/** Wire the controls to `intents`: select(tile), shift(tile, by), drop(tile, x, y), reorder(tile, before),
 *  go(), done(), shuffle(), gather(), hint(), giveUp(), fit(), nextDeal(), timeUpSeen(), openDaily(), shareDaily(),
 *  checkTables(); and the shared deal's forms:
 *  makeCode({players, minutes, oneLeft}), joinDeal({code, seat, name}), verify({deal, seat, name, time, table, check}). */
export function listen(intents) {
  const hand = $("pr-hand");
  const tileOf = (event) => event.target.closest?.(".rack-tile");
  hand.addEventListener("click", (event) => {
    const button = tileOf(event);
    if (button) intents.select(Number(button.dataset.tile));
  });
  hand.addEventListener("keydown", (event) => {
    const button = tileOf(event);
    if (!button || !event.altKey || !["ArrowLeft", "ArrowRight"].includes(event.key)) return;
    event.preventDefault();
    intents.shift(Number(button.dataset.tile), event.key === "ArrowLeft" ? -1 : 1);
  });
  hand.addEventListener("pointerdown", (event) => {
    const button = tileOf(event);
    if (button) dragTile(event, button, $("pr-board"), intents);
  });
  const buttons = {
    "pr-go": intents.go, "pr-done": intents.done, "pr-shuffle": intents.shuffle, "pr-gather": intents.gather,
    "pr-hint": intents.hint, "pr-give-up": intents.giveUp, "pr-fit": intents.fit, "pr-next-deal": intents.nextDeal,
    "pr-time-up-next": intents.timeUpSeen, "pr-daily-open": intents.openDaily, "pr-daily-share": intents.shareDaily,
    "pr-shared-check": intents.checkTables,
  };
  for (const [id, intent] of Object.entries(buttons)) $(id).addEventListener("click", () => intent());
  const value = (id) => $(id).value;
  const form = (id, read, intent) => $(id).addEventListener("submit", (event) => {
    event.preventDefault();
    intent(read());
  });
  form("pr-share-create", () => ({ players: Number(value("pr-share-players")), minutes: Number(value("pr-share-minutes")),
    oneLeft: $("pr-share-one-left").checked }), intents.makeCode);
  form("pr-share-join", () => ({ code: value("pr-share-join-code"), seat: Number(value("pr-share-seat")) - 1,
    name: value("pr-share-name").trim() }), intents.joinDeal);
  form("pr-share-verify", () => ({ deal: value("pr-verify-deal"), seat: Number(value("pr-verify-seat")) - 1,
    name: value("pr-verify-name").trim(), time: value("pr-verify-time"), table: value("pr-verify-table"),
    check: value("pr-verify-check") }), intents.verify);
}
