// The FOR-GET-IT screen: draws the engine's view and turns taps into actions.
// Every number shown (count, factor, what stopping scores, totals) comes from
// the engine; choosing dice asks the engine for a preview of the result.

import { errorText, t } from "../../i18n.js";
import { animateRoll, dieCanvas, drawDie } from "../../dice.js";
import { createComputerMover, createGuard, fillList, headerCell, resultText, sumRow, tableRow } from "../../common.js";

const $ = (id) => document.getElementById(id);
const isSyllable = (face) => typeof face === "string";
const faceOf = (canvas) => JSON.parse(canvas.dataset.face);
const COMPUTER_PAUSE_MS = 600; // long enough to follow each of its steps

export function createScreen({ session, storage, report, engine }) {
  let view = null;
  let shown = null; // the game last drawn here: {record, state, view, log}
  let selection = new Set();
  let preview = null; // {view} or {error} for the current selection
  let entry = null; // faces typed in for a roll of real dice, or null

  const rollButton = $("fgi-roll");
  const stopButton = $("fgi-stop");
  const message = $("fgi-message");
  let rolling = null; // the dice's roll being drawn
  const guard = createGuard(report, message, () => refreshControls(), () => rolling);
  const guarded = (work, options) => guard.run(work, options);
  const computer = createComputerMover({ screen: "forgetit", session, guard, engine, pause: COMPUTER_PAUSE_MS });
  const strength = (p) => view.options.computer?.[p] ?? 0; // (saves from before computer seats have none)
  const computersTurn = () => !view.over && strength(view.current) > 0;

  function render(current) {
    shown = current;
    view = current.view;
    selection = new Set();
    preview = null;
    entry = null;
    buildEntryButtons();
    const events = view.events.map((e) => e.e);
    message.textContent = lastTurnText();
    drawTable(events.includes("rolled"));
    drawPad();
    drawLog(current.log);
    drawEntry();
    $("fgi-advice-list").replaceChildren();
    $("fgi-win-list").replaceChildren();
    $("fgi-win-title").textContent = "";
    $("fgi-review").textContent = "";
    const last = view.last_turn;
    if (!view.turn.rolls && last && !strength(last.player)) showReview(current).catch((error) => report(error, message));
    computer.cancel();
    if (computersTurn()) {
      $("fgi-player").textContent = t("turn.computer", {
        name: view.players[view.current],
        kind: t(`option.forgetit.computer.${strength(view.current)}`),
      });
      computer.schedule();
    }
    refreshControls();
    $("fgi-result").hidden = !view.over;
    if (view.over) $("fgi-winners").textContent = resultText(view, storage, report);
  }

  function lastTurnText() {
    const last = view.last_turn;
    if (!last || view.turn.rolls > 0) return "";
    const name = view.players[last.player];
    return last.bust ? t("fgi.last.bust", { name }) : t("fgi.last.stop", { name, points: last.points });
  }

  // --- the dice --------------------------------------------------------------

  function drawTable(animate) {
    const turn = view.turn;
    $("fgi-round").textContent = t(view.doubled ? "fgi.round.doubled" : "fgi.round", {
      round: view.round,
      rounds: view.rounds,
    });
    $("fgi-player").textContent = view.over ? "" : t("turn.name", { name: view.players[view.current] });
    const hand = $("fgi-hand");
    let rolled;
    if (turn.rolls > 0) {
      rolled = turn.hand.map((slot) => handDie(turn.dice[slot]));
    } else if (view.last_turn) {
      // Until the next player rolls, the last turn's dice stay on the table, faded.
      rolled = view.last_turn.dice.filter((d) => !d.aside || isSyllable(d.face)).map((d) => staticDie(d, true));
    } else {
      rolled = [];
    }
    hand.replaceChildren(...rolled);
    // Dice to choose from are buttons in a group; the last turn's dice, shown until the next roll, a list.
    const lastTurn = !turn.rolls && Boolean(view.last_turn);
    hand.setAttribute("role", lastTurn ? "list" : "group");
    hand.dataset.i18nLabel = lastTurn ? "fgi.hand.last" : "fgi.hand.label";
    hand.setAttribute("aria-label", t(hand.dataset.i18nLabel));
    const aside = turn.dice.filter((d) => d.aside);
    $("fgi-aside-numbers").replaceChildren(...aside.filter((d) => !isSyllable(d.face)).map((d) => staticDie(d)));
    $("fgi-aside-syllables").replaceChildren(...aside.filter((d) => isSyllable(d.face)).map((d) => staticDie(d)));
    for (const canvas of document.querySelectorAll("#forgetit .dice canvas")) {
      drawDie(canvas, faceOf(canvas), { faded: canvas.dataset.faded === "1", kind: canvas.dataset.kind });
    }
    if (animate) {
      const canvases = [...hand.querySelectorAll("canvas")];
      rolling = animateRoll(canvases, canvases.map(faceOf), canvases.map((canvas) => canvas.dataset.kind));
    }
  }

  /** The syllable a die showing a number carries, when the app knows it: not with real dice, whose faces are
   *  typed in (a number does not say which die showed it). */
  function kindOf(die) {
    return view.options.physical || isSyllable(die.face) ? null : die.kind;
  }

  function dieLabel(die) {
    const kind = kindOf(die);
    return kind ? t("fgi.die.kind", { face: die.face, kind }) : t("fgi.die", { face: die.face });
  }

  function faceCanvas(face, faded = false, kind = null) {
    const canvas = dieCanvas();
    canvas.dataset.face = JSON.stringify(face);
    canvas.dataset.faded = faded ? "1" : "0";
    if (kind) canvas.dataset.kind = kind;
    return canvas;
  }

  /** A die that is not chosen from: `die` as the engine shows it, or a face alone (typed-in faces). */
  function staticDie(die, faded = false) {
    const shown = typeof die === "object" ? die : { face: die, kind: null };
    const item = document.createElement("span");
    item.className = "die";
    item.setAttribute("role", "listitem");
    item.setAttribute("aria-label", dieLabel(shown));
    item.append(faceCanvas(shown.face, faded, kindOf(shown)));
    return item;
  }

  function handDie(die) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "die";
    button.dataset.slot = String(die.slot);
    button.setAttribute("aria-pressed", "false");
    button.setAttribute("aria-label", dieLabel(die));
    button.append(faceCanvas(die.face, false, kindOf(die)));
    button.addEventListener("click", () => toggle(die.slot));
    return button;
  }

  /** Choosing dice is instant; the engine's preview of the choice follows, latest choice wins. */
  function toggle(slot) {
    if (guard.busy || computersTurn()) return;
    const face = view.turn.dice[slot].face;
    const alike = view.turn.hand.filter((s) => view.turn.dice[s].face === face);
    if (selection.has(slot)) selection.delete(slot);
    else if (selection.size === 0 && view.turn.first_needs_pair && alike.length >= 2) {
      alike.forEach((s) => selection.add(s)); // a first choice is a group: take them all, tap to drop extras
    } else selection.add(slot);
    for (const button of $("fgi-hand").querySelectorAll("button")) {
      button.setAttribute("aria-pressed", String(selection.has(Number(button.dataset.slot))));
    }
    refreshPreview().catch((error) => report(error, message));
  }

  let previewRequest = 0;
  async function refreshPreview() {
    const request = ++previewRequest;
    let result = null;
    if (selection.size) {
      try {
        result = { view: await session.preview({ type: "set_aside", dice: [...selection] }) };
      } catch (error) {
        if (!error.code) throw error;
        result = { error };
      }
    }
    if (request !== previewRequest) return; // a newer choice is on its way
    preview = result;
    message.textContent = preview?.error ? errorText(preview.error) : "";
    refreshControls();
  }

  // --- status and controls ---------------------------------------------------

  function refreshControls() {
    if (!view) return;
    const shown = preview?.view ?? view;
    const turn = shown.turn;
    $("fgi-number").textContent = turn.number ?? "–";
    $("fgi-count").textContent = String(turn.count);
    $("fgi-multiplier").textContent = `×${turn.multiplier}`;
    $("fgi-stop-score").textContent = String(turn.stop_score);
    const choosing = selection.size > 0;
    const invalid = Boolean(preview?.error);
    const name = view.players[view.current];
    rollButton.textContent = choosing
      ? t("fgi.roll.aside")
      : view.turn.rolls === 0
        ? t("fgi.roll.first", { name })
        : view.turn.all_aside
          ? t("fgi.roll.pickup")
          : t("fgi.roll");
    stopButton.textContent = t(choosing ? "fgi.stop.aside" : "fgi.stop", { points: turn.stop_score });
    const busy = guard.busy || computersTurn();
    $("fgi-undo").disabled = busy || !view.can.undo;
    rollButton.disabled = busy || guard.holding || !view.can.roll || invalid || entry !== null;
    stopButton.disabled = busy || !view.can.stop || invalid || entry !== null;
    $("fgi-advice").disabled = busy || view.over || entry !== null;
  }

  // --- advice: every choice open now with the points it is expected to bring; for two players, with the
  // chance of winning the game it leaves (that takes the worker a moment: a progress bar shows meanwhile)

  function advise() {
    const asked = shown;
    guarded(async () => {
      const { options, best } = await engine("hint", asked.state);
      if (shown !== asked) return;
      $("fgi-advice-list").replaceChildren(...options.map((option) => adviceItem("fgi.advice", best - option.value, 0.05, {
        choice: choiceText(option),
        points: points(option.value),
        gap: points(best - option.value),
      })));
      if (view.players.length === 2) adviseToWin(asked).catch((error) => report(error, message));
    });
  }

  /** The chances of winning, outside the guard: the table stays playable while the worker works them out. */
  async function adviseToWin(asked) {
    $("fgi-advice-wait").hidden = false;
    try {
      const { options, chance } = await engine("advice", asked.state);
      if (shown !== asked || !options.length) return;
      $("fgi-win-title").textContent = t("fgi.advice.win.title", { chance: percent(chance) });
      $("fgi-win-list").replaceChildren(...options.map((option) => adviceItem("fgi.advice.win", chance - option.win, 0.0005, {
        choice: choiceText(option),
        chance: percent(option.win),
        gap: points(100 * (chance - option.win)),
        points: points(option.points),
      })));
    } finally {
      $("fgi-advice-wait").hidden = true;
    }
  }

  /** One choice of an advice list: marked best when what it gives away would show as nothing (`shown`: the
   *  smallest gap the list writes out, half a tenth of a point or of a percentage point). */
  function adviceItem(key, gap, shown, values) {
    const li = document.createElement("li");
    const best = gap < shown;
    li.textContent = t(`${key}.${best ? "best" : "worse"}`, values);
    if (best) li.className = "best";
    return li;
  }

  /** After a person's turn: how much expected score its decisions gave away, by the solved turn. */
  async function showReview(reviewed) {
    const review = await engine("review", reviewed.record);
    if (!review || shown !== reviewed) return;
    const name = view.players[review.player];
    $("fgi-review").textContent = review.lost < 0.05
      ? t("fgi.review.best", { name, decisions: review.decisions.length })
      : t("fgi.review.lost", { name, points: points(review.lost), decisions: review.decisions.length });
  }

  const points = (value) => value.toLocaleString(document.documentElement.lang, { maximumFractionDigits: 1 });
  const percent = (chance) => `${points(100 * chance)} %`;

  function choiceText(option) {
    const { action } = option;
    if (action.type === "stop") return t("fgi.advice.stop");
    if (action.type === "roll") return t(view.turn.all_aside ? "fgi.advice.pickup" : "fgi.advice.roll");
    const dice = action.dice.map((slot) => view.turn.dice[slot]);
    const kinds = dice.map(kindOf).filter(Boolean);
    return t(`fgi.advice.aside.${option.then}${kinds.length ? ".kinds" : ""}`, {
      count: dice.length,
      number: dice[0].face,
      kinds: kinds.join(", "),
    });
  }

  async function setAsideChosen() {
    if (selection.size) await session.act({ type: "set_aside", dice: [...selection] }, shown);
  }

  function roll() {
    guarded(async () => {
      await setAsideChosen();
      if (view.options.physical) {
        entry = [];
        drawEntry();
        $("fgi-entry").querySelector("button")?.focus();
      } else {
        await session.act({ type: "roll" }, shown);
      }
    }, { hold: !view.options.physical }); // real dice: the roll is entered next, with a hold of its own
  }

  function stop() {
    guarded(async () => {
      await setAsideChosen();
      await session.act({ type: "stop" }, shown);
    });
  }

  function undo() {
    guarded(() => session.undo(shown));
  }

  // --- entering a roll of real dice ------------------------------------------

  function drawEntry() {
    const panel = $("fgi-entry");
    panel.hidden = entry === null;
    if (entry === null) return;
    $("fgi-entry-prompt").textContent = t("fgi.entry.prompt", { count: view.turn.to_roll });
    $("fgi-entry-chosen").replaceChildren(...entry.map((face) => staticDie(face)));
    for (const canvas of $("fgi-entry-chosen").querySelectorAll("canvas")) drawDie(canvas, faceOf(canvas));
    refreshControls();
  }

  /** The pad's buttons for real dice, one per face a die can show (from the view), made once. */
  function buildEntryButtons() {
    const group = $("fgi-entry").querySelector(".entry-faces");
    if (group.children.length) return;
    group.replaceChildren(
      ...view.faces.map((face) => {
        const button = document.createElement("button");
        button.type = "button";
        button.dataset.face = String(face);
        button.textContent = String(face);
        button.addEventListener("click", () => {
          if (entry.length < view.turn.to_roll) entry.push(face);
          drawEntry();
        });
        return button;
      }),
    );
    translateStatic();
  }

  function finishEntry() {
    guarded(() => session.act({ type: "roll", faces: entry }, shown), { hold: true });
  }

  function translateStatic() {
    for (const button of $("fgi-entry").querySelectorAll(".entry-faces button")) {
      button.setAttribute("aria-label", t("fgi.entry.add", { face: button.dataset.face }));
    }
  }

  // --- pad, log, result --------------------------------------------------------

  function drawPad() {
    const table = $("fgi-pad");
    const caption = table.querySelector("caption");
    const head = tableRow("th", [t("pad.round"), ...view.players], "col");
    const body = document.createElement("tbody");
    const pad = view.pad;
    pad.rows.forEach((entries, index) => {
      const round = index + 1;
      const tr = tableRow("td", entries.map(cellText));
      tr.prepend(headerCell(String(round), "row"));
      entries.forEach((e, p) => {
        if (e?.bust) tr.children[p + 1].setAttribute("aria-label", t("fgi.pad.bust"));
      });
      if (!view.over && round === view.round) tr.children[view.current + 1].classList.add("current");
      if (round > pad.subtotal_after) tr.classList.add("doubled");
      body.append(tr);
      if (round === pad.subtotal_after) body.append(sumRow(t("fgi.pad.subtotal"), pad.subtotals, "subtotal"));
    });
    body.append(sumRow(t("pad.total"), pad.totals, "total"));
    const thead = document.createElement("thead");
    thead.append(head);
    table.replaceChildren(caption, thead, body);
  }

  const cellText = (entry) => (entry === null ? "" : entry.bust ? "—" : String(entry.points));

  function drawLog(log) {
    fillList($("fgi-log"), log.flat().map((event) => logLine(event)).filter(Boolean));
  }

  function logLine(event) {
    const name = view.players[event.player ?? event.start];
    switch (event.e) {
      case "started":
        return t("log.started", { name });
      case "rolled":
        return t(event.picked_up ? "log.pickedup" : "log.rolled", { name, faces: event.faces.join(", ") });
      case "set_aside":
        return t("log.set_aside", { name, dice: event.dice, number: event.number });
      case "bust":
        return t("log.bust", { name });
      case "stopped":
        return t("log.stopped", { name, points: event.points });
      case "over":
        return `${t("log.over")} ${resultText({ ...view, result: event }, storage, report)}`;
      default:
        return "";
    }
  }

  rollButton.addEventListener("click", roll);
  stopButton.addEventListener("click", stop);
  $("fgi-undo").addEventListener("click", undo);
  $("fgi-advice").addEventListener("click", advise);
  document.querySelector('[data-action="entry-done"]').addEventListener("click", finishEntry);
  document.querySelector('[data-action="entry-clear"]').addEventListener("click", () => {
    entry = [];
    drawEntry();
  });
  document.querySelector('[data-action="entry-cancel"]').addEventListener("click", () => {
    entry = null;
    drawEntry();
    refreshControls();
  });

  return {
    render,
    /** Re-word everything after a language switch. */
    relabel() {
      translateStatic();
      if (shown) render(shown);
    },
  };
}
