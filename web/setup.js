// The setup screen, drawn from a game's descriptor in the engine's catalogue:
// the players (how many, computer seats) and the game's options by kind. Each
// label is a text by key: option.<game>.<name> (or option.<name>, shared by
// several games), and option.<game>.<name>.<value> for a choice. The engine
// checks every value; the form is drawn anew for every game, so nothing chosen
// for one game carries over to another.

import { hasText, t } from "./i18n.js";

const $ = (id) => document.getElementById(id);
const MAX_NAME = 24; // characters as a person sees them (the engine counts the same way)
const PERSON = 0; // a seat's value for a person; other values are computer strengths
const PHONE = "phone"; // a person playing on their own phone, linked to this one (table.js)

/** The text for a game's option (or one of its values), the game's own before the shared one; without
 *  either (a game still without texts) its name or value as the engine has it. */
function optionText(game, ...path) {
  const own = ["option", game, ...path].join(".");
  const shared = ["option", ...path].join(".");
  return hasText(own) ? t(own) : hasText(shared) ? t(shared) : path.at(-1);
}

const valueKey = (value) => (Array.isArray(value) ? value.join(",") : String(value));

/** One form control for an option that is not per seat; `read()` gives its value. */
function optionControl(game, option) {
  const id = `opt-${option.name}`;
  const label = document.createElement("label");
  const caption = document.createElement("span");
  let input;
  let read;
  if (option.kind === "bool") {
    label.className = "check";
    input = Object.assign(document.createElement("input"), { type: "checkbox", checked: option.default });
    read = () => input.checked;
    label.append(input, caption);
  } else {
    label.className = "number";
    if (option.kind === "choice") {
      input = document.createElement("select");
      for (const value of option.values) input.append(new Option("", valueKey(value), false, valueKey(value) === valueKey(option.default)));
      read = () => option.values[input.selectedIndex];
    } else {
      input = Object.assign(document.createElement("input"), { type: "number", inputMode: "numeric", min: option.low, max: option.high, value: option.default });
      read = () => (input.value.trim() === "" ? NaN : Number(input.value));
    }
    label.append(caption, input);
  }
  input.id = id;
  const relabel = () => {
    caption.textContent = optionText(game, option.name);
    if (option.kind === "choice") {
      [...input.options].forEach((item, i) => (item.textContent = optionText(game, option.name, valueKey(option.values[i]))));
    }
  };
  return { option, label, input, read, relabel };
}

/** The setup form: `open(descriptor)` draws it for a game; `chosen()` gives {names, options, phones} to start
 *  with. `linkable(game)`: whether the game's seats may be played on their own phones. */
export function createSetup({ linkable }) {
  let game = null; // the descriptor being set up
  let controls = [];

  const seatOption = () => game.options.find((option) => option.kind === "seats");
  const rows = () => [...$("player-list").children];

  function playerRow() {
    const li = document.createElement("li");
    const input = Object.assign(document.createElement("input"), { type: "text", autocomplete: "off" });
    const seat = document.createElement("select");
    seat.className = "seat";
    const remove = Object.assign(document.createElement("button"), { type: "button", className: "remove", textContent: "×" });
    remove.addEventListener("click", () => {
      if (rows().length > 1) li.remove();
      showApplicable();
      relabel();
    });
    input.addEventListener("input", () => {
      keepNameShort(input);
      relabel();
    });
    seat.addEventListener("change", relabel); // (a computer's default name is not a person's)
    li.append(input, seat, remove);
    return li;
  }

  /** The name of a row left blank: "Person 2", or for a computer's seat "Rechner 2" (not "Person 2
   *  (Computer, stark)"). */
  function defaultName(li, i) {
    const seat = li.children[1].value;
    const computer = seat !== "" && seat !== PHONE && Number(seat) !== PERSON;
    return t(computer ? "setup.default.computer" : "setup.default", { n: i + 1 });
  }

  /** Only the options that mean something with the others as they are chosen now are shown, and only the
   *  choices that can be dealt to as many players as there are (the engine's `most_players`). */
  function showApplicable() {
    for (const control of controls) {
      const when = control.option.when;
      const other = when && controls.find((c) => c.option.name === when.option);
      control.label.hidden = Boolean(other) && valueKey(other.read()) !== valueKey(when.value);
      const most = control.option.most_players;
      if (!most) continue;
      [...control.input.options].forEach((item, i) => (item.disabled = rows().length > most[i]));
      if (control.input.selectedOptions[0]?.disabled) control.input.selectedIndex = most.findIndex((m) => rows().length <= m);
    }
  }

  function relabel() {
    if (!game) return;
    const seats = seatOption();
    $("setup-title").textContent = t("setup.title", { game: t(`game.${game.id}`) });
    $("setup-players").textContent = t("setup.players", { min: game.players.min, max: game.players.max });
    rows().forEach((li, i) => {
      const [input, seat, remove] = li.children;
      const name = input.value || defaultName(li, i);
      input.setAttribute("aria-label", t("setup.player", { n: i + 1 }));
      input.placeholder = defaultName(li, i);
      seat.hidden = !seats && !linkable(game.id);
      seat.setAttribute("aria-label", t("setup.seat", { name }));
      for (const item of seat.options) {
        item.textContent = item.value === PHONE ? t("setup.seat.phone")
          : Number(item.value) === PERSON ? t("option.computer.0") : optionText(game.id, "computer", item.value);
      }
      remove.setAttribute("aria-label", t("setup.remove", { name }));
    });
    document.querySelector('[data-action="add-player"]').disabled = rows().length >= game.players.max;
    for (const control of controls) control.relabel();
  }

  /** Seat choices: a person (here, or on their own phone where the game can be linked), or each computer
   *  strength the game offers. */
  function fillSeats(seat) {
    const strengths = seatOption()?.values ?? [];
    const phone = linkable(game.id) ? [PHONE] : [];
    seat.replaceChildren(...[PERSON, ...phone, ...strengths].map((value) => new Option("", String(value))));
  }

  return {
    open(descriptor) {
      game = descriptor;
      const list = $("player-list");
      while (rows().length < game.players.table) list.append(playerRow());
      while (rows().length > game.players.max) list.lastElementChild.remove();
      for (const li of rows()) fillSeats(li.children[1]);
      controls = game.options.filter((option) => option.kind !== "seats" && option.setup !== false)
        .map((option) => optionControl(game.id, option));
      $("setup-options").replaceChildren(...controls.map((control) => control.label));
      for (const control of controls) control.input.addEventListener("change", showApplicable);
      showApplicable();
      relabel();
      $("setup-error").hidden = true;
    },

    addPlayer() {
      if (rows().length >= game.players.max) return;
      const li = playerRow();
      $("player-list").append(li);
      fillSeats(li.children[1]);
      showApplicable();
      relabel();
      li.querySelector("input").focus();
    },

    relabel,

    /** The players' names (a default for an empty field) and the options as chosen, for `new_game`. */
    chosen() {
      const names = rows().map((li, i) => li.children[0].value.trim() || defaultName(li, i));
      const options = Object.fromEntries(controls.filter((c) => !c.label.hidden).map((c) => [c.option.name, c.read()]));
      const chosen = rows().map((li) => li.children[1].value);
      const seats = chosen.map((value) => (value === PHONE ? PERSON : Number(value)));
      if (seatOption() && seats.some((seat) => seat !== PERSON)) options[seatOption().name] = seats;
      const phones = chosen.flatMap((value, seat) => (value === PHONE ? [seat] : []));
      return { game: game.id, names, options, phones };
    },
  };
}

/** Cut a name at MAX_NAME characters as a person sees them: an emoji family or an accented letter is one. */
function keepNameShort(input) {
  if (!("Segmenter" in Intl)) return;
  const characters = [...new Intl.Segmenter().segment(input.value)];
  if (characters.length > MAX_NAME) input.value = characters.slice(0, MAX_NAME).map((c) => c.segment).join("");
}
