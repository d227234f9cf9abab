// Frigiti's input: taps and form submits on its screen, turned into the turn
// flow's intents (screen.js). Nothing here draws or asks the engine.

const $ = (id) => document.getElementById(id);

/** Wire the screen's controls to `intents`: the pass screen's claim(), reveal(), back(); creating the word's
 *  roll(), lay(die), takeBack(die), create(), createAnyway(); the private steps' write(text),
 *  keyword(text), pick(reader), judge(); and keep(), undo(). */
export function listen(intents) {
  $("fr-pass-me").addEventListener("click", intents.claim);
  $("fr-pass-show").addEventListener("click", intents.reveal);
  $("fr-pass-back").addEventListener("click", intents.back);
  $("fr-roll").addEventListener("click", intents.roll);
  $("fr-dice").addEventListener("click", (event) => {
    const die = event.target.closest("button[data-die]");
    if (die) intents.lay(Number(die.dataset.die));
  });
  $("fr-word").addEventListener("click", (event) => {
    const die = event.target.closest("button[data-die]");
    if (die) intents.takeBack(Number(die.dataset.die));
  });
  $("fr-create-word").addEventListener("click", intents.create);
  $("fr-anyway").addEventListener("click", intents.createAnyway);
  $("fr-keep").addEventListener("click", intents.keep);
  $("fr-undo").addEventListener("click", intents.undo);
  submitted("fr-write", () => intents.write($("fr-definition").value));
  submitted("fr-read", () => intents.keyword($("fr-keyword").value));
  $("fr-judge-options").addEventListener("click", (event) => {
    const option = event.target.closest("button[data-reader]:not(:disabled)"); // not the judge's own reading
    if (option) intents.pick(Number(option.dataset.reader));
  });
  submitted("fr-judge", intents.judge);
}

/** The form `id` handed in, handled here instead of reloading the page. */
function submitted(id, handle) {
  $(id).addEventListener("submit", (event) => {
    event.preventDefault();
    handle();
  });
}
