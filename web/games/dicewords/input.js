// DICEWORDS' input: taps, typing and the joker's dialog on its screen, turned
// into the turn flow's intents (screen.js). Nothing here draws or asks the engine.

const $ = (id) => document.getElementById(id);

/** Wire the screen's controls to `intents`: tap(die), hold(die), type(text), jokerLetter(letter or null),
 *  keepAdvised(dice), roll(), declare(), pass(), overrule(), undo(), best(), advise(), finishEntry(faces),
 *  cancelEntry(). */
export function listen(intents) {
  $("dw-dice").addEventListener("click", (event) => {
    const die = event.target.closest("button[data-die]");
    if (die) intents.tap(Number(die.dataset.die));
    const hold = event.target.closest("button[data-hold]");
    if (hold) intents.hold(Number(hold.dataset.hold));
  });
  $("dw-word").addEventListener("click", (event) => {
    const die = event.target.closest("button[data-die]");
    if (die) intents.tap(Number(die.dataset.die));
  });
  $("dw-advice-list").addEventListener("click", (event) => {
    const choice = event.target.closest("button[data-keep]");
    if (choice) intents.keepAdvised(JSON.parse(choice.dataset.keep));
  });
  const joker = $("dw-joker");
  joker.addEventListener("close", () => intents.jokerLetter(joker.returnValue === "ok" ? $("dw-joker-letter").value : null));
  const typed = $("dw-type");
  typed.addEventListener("input", () => intents.type(typed.value.trim()));
  $("dw-type-form").addEventListener("submit", (event) => {
    // Enter after typing goes on to the declare button, where a second Enter declares.
    event.preventDefault();
    if (!$("dw-declare").disabled) $("dw-declare").focus();
  });
  const buttons = {
    "dw-roll": intents.roll, "dw-declare": intents.declare, "dw-pass": intents.pass, "dw-overrule": intents.overrule,
    "dw-undo": intents.undo, "dw-best": intents.best, "dw-advice": intents.advise, "dw-entry-cancel": intents.cancelEntry,
  };
  for (const [id, intent] of Object.entries(buttons)) $(id).addEventListener("click", () => intent());
  $("dw-entry-done").addEventListener("click", () => {
    intents.finishEntry([...$("dw-entry-faces").querySelectorAll("select")].map((select) => select.value));
  });
}
