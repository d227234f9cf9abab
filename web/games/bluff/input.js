// "Wer behält recht?"'s input beside the table (whose taps and keys board.js
// reads): the rack (tap, drag onto the table), the announcement and the turn's
// buttons, turned into the turn flow's intents (screen.js). Nothing here draws
// the game or asks the engine.

import { dragTile } from "../typdom/input.js";

const $ = (id) => document.getElementById(id);

/** Wire the controls to `intents`: select(tile), drop(tile, x, y), typed(), announce(), overrule(), build(), clear(),
 *  draw(), pass(), stop(), hint(), reveal(), finish(), fail(), nextDeal(), fit(). */
export function listen(intents) {
  const rack = $("bl-rack");
  const tileOf = (event) => event.target.closest?.(".rack-tile");
  rack.addEventListener("click", (event) => {
    const button = tileOf(event);
    if (button) intents.select(Number(button.dataset.tile));
  });
  rack.addEventListener("pointerdown", (event) => {
    const button = tileOf(event);
    if (button) dragTile(event, button, $("bl-board"), { drop: intents.drop, reorder: () => {} });
  });
  $("bl-announce").addEventListener("input", () => intents.typed());
  $("bl-announce-form").addEventListener("submit", (event) => {
    event.preventDefault();
    intents.announce();
  });
  const buttons = {
    "bl-lay-build": intents.build, "bl-overrule": intents.overrule, "bl-clear": intents.clear, "bl-draw": intents.draw, "bl-pass-turn": intents.pass,
    "bl-stop": intents.stop, "bl-hint": intents.hint, "bl-pass-show": intents.reveal, "bl-finish": intents.finish,
    "bl-fail": intents.fail, "bl-next-deal": intents.nextDeal, "bl-fit": intents.fit,
  };
  for (const [id, intent] of Object.entries(buttons)) $(id).addEventListener("click", () => intent());
}
