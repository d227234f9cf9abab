// The screen of a game that brings none of its own (a game still being made):
// its players, the result once there is one, a button for each action the
// engine lists as legal, and the log of events, all as the engine gives them.
// Enough to start a new game from the setup screen and play it through.

import { hasText, t } from "./i18n.js";
import { createGuard, fillList, resultText } from "./common.js";

const words = (value) => (typeof value === "object" && value !== null ? JSON.stringify(value) : String(value));

function element(tag, properties = {}) {
  return Object.assign(document.createElement(tag), properties);
}

/** The section for game `id`, added to the page; `render(current)` draws the game in play. */
export function createGenericScreen(id, { session, storage, report, engine }) {
  const title = element("h2", { id: `${id}-title` });
  const status = element("p", { className: "message" });
  status.setAttribute("aria-live", "polite");
  const actions = element("div", { className: "row" });
  const message = element("p", { className: "error", role: "alert" });
  const logTitle = element("h3");
  const log = element("ol", { className: "log" });
  const back = element("button", { type: "button" });
  back.dataset.action = "home";
  const section = element("section", { id, className: "screen", hidden: true });
  section.setAttribute("aria-labelledby", title.id);
  section.append(title, status, actions, message, logTitle, log, back);
  document.querySelector("main").append(section);
  let shown = null;
  const guard = createGuard(report, message, () => {
    for (const button of actions.children) button.disabled = guard.busy;
  });

  async function render(current) {
    shown = current;
    const { view } = current;
    title.textContent = hasText(`game.${id}`) ? t(`game.${id}`) : id;
    logTitle.textContent = t("common.log");
    back.textContent = t("common.menu");
    const result = view.over ? await engine("result", current.state) : null;
    status.textContent = result ? resultText({ ...view, result }, storage, report) : view.players.join(", ");
    fillList(log, current.log.flat().map(words));
    const legal = view.over ? [] : await engine("legal_actions", current.state);
    if (shown !== current) return; // the table moved on meanwhile
    actions.replaceChildren(
      ...legal.map((action) => {
        const button = element("button", { type: "button", textContent: Object.values(action).map(words).join(" ") });
        button.addEventListener("click", () => guard.run(() => session.act(action)));
        return button;
      }),
    );
  }

  return {
    render: (current) => render(current).catch((error) => report(error, message)),
    relabel() {
      if (shown) render(shown).catch((error) => report(error, message));
    },
  };
}
