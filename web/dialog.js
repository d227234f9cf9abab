// A modal dialog that never takes the gesture that opened it. A tap that opens
// a dialog ends on whatever the dialog puts under the finger (a touch's click
// is aimed after the finger lifts), and a Space that opens one is let go on
// the button it focuses: either would choose for the player unasked.

/** Show `dialog` modally; a click inside it counts only once a press (pointer or key) has begun inside it. */
export function showDialog(dialog) {
  let pressed = false;
  const press = () => (pressed = true);
  const click = (event) => {
    if (pressed) return;
    event.preventDefault(); // (a submit button's click would close the dialog with its value)
    event.stopImmediatePropagation();
  };
  dialog.addEventListener("pointerdown", press, true);
  dialog.addEventListener("keydown", press, true);
  dialog.addEventListener("click", click, true);
  dialog.addEventListener("close", () => {
    dialog.removeEventListener("pointerdown", press, true);
    dialog.removeEventListener("keydown", press, true);
    dialog.removeEventListener("click", click, true);
  }, { once: true });
  dialog.showModal();
}
