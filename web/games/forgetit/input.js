// FOR-GET-IT's input: taps and keys on its screen, turned into the turn flow's
// intents (screen.js). Nothing here draws or asks the engine.

const $ = (id) => document.getElementById(id);

/** Wire the screen's controls to `intents`: toggle(slot), roll(), stop(), undo(), advise(), and for real
 *  dice enter(face), finishEntry(), clearEntry(), cancelEntry(). */
export function listen(intents) {
  $("fgi-hand").addEventListener("click", (event) => {
    const die = event.target.closest("button[data-slot]");
    if (die) intents.toggle(Number(die.dataset.slot));
  });
  $("fgi-roll").addEventListener("click", intents.roll);
  $("fgi-stop").addEventListener("click", intents.stop);
  $("fgi-undo").addEventListener("click", intents.undo);
  $("fgi-advice").addEventListener("click", intents.advise);
  const entry = $("fgi-entry");
  entry.querySelector(".entry-faces").addEventListener("click", (event) => {
    const face = event.target.closest("button[data-face]");
    if (face) intents.enter(JSON.parse(face.dataset.face));
  });
  $("fgi-entry-chosen").addEventListener("click", (event) => {
    const face = event.target.closest("button[data-index]");
    if (face) intents.remove(Number(face.dataset.index));
  });
  entry.querySelector('[data-action="entry-done"]').addEventListener("click", intents.finishEntry);
  entry.querySelector('[data-action="entry-clear"]').addEventListener("click", intents.clearEntry);
  entry.querySelector('[data-action="entry-cancel"]').addEventListener("click", intents.cancelEntry);
}
