// The Frigiti screen: one device passed around the table. Every private step
// (writing, marking) sits behind a pass screen that needs two deliberate taps,
// and shows only what the engine's view for that one player holds. All text
// from players is inserted as text, never as HTML.

import { t } from "../../i18n.js";
import { animateLetterRoll, dieCanvas, drawLetterDie } from "../../dice.js";
import { createGuard, fillList, headerCell, listItem, resultText, tableRow } from "../../common.js";
import { createCollectionScreen } from "./collection.js";

/** The menu card's own button: the table's dictionary of invented words (`actions.collection`). */
export const MENU = [{ action: "collection", key: "menu.collection" }];

const $ = (id) => document.getElementById(id);
const PANELS = ["fr-pass", "fr-create", "fr-write", "fr-read", "fr-judge"];
const PRIVATE_STEPS = new Set(["write", "judge"]); // reading is aloud anyway: one tap is enough

export function createScreen({ session, storage, report, engine, ready, show }) {
  const collection = createCollectionScreen({ engine, ready, storage, report });
  let view = null;
  let shown = null; // the game last drawn here: {record, state, view, log}
  let word = []; // dice laid into the word, in order
  let unlocked = null; // {player, step, view}: the private view shown, or null
  let picks = new Set();
  const message = $("fr-message");
  let rolling = null; // the dice's roll being drawn
  const guard = createGuard(report, message, () => refreshControls(), () => rolling);
  const name = (p) => view.players[p];

  // --- what happens now ------------------------------------------------------------

  /** The next step and who takes it: {step, player}; null when the game is over. */
  function pending() {
    if (view.over) return null;
    if (view.phase === "create") return { step: "create", player: view.creator };
    if (view.phase === "read") return { step: "read", player: view.reader };
    const done = view.phase === "write" ? view.written : view.judged;
    return { step: view.phase, player: view.order.find((p) => !done[p]) };
  }

  function render(current) {
    shown = current;
    view = current.view;
    word = [];
    unlocked = null;
    picks = new Set();
    message.textContent = "";
    $("fr-anyway").hidden = true;
    const round = t("fr.round", { round: view.round, rounds: view.rounds });
    $("fr-round").textContent = view.word ? `${round} · ${view.word}` : round;
    drawStep();
    drawReveal();
    drawTokens();
    drawSheet();
    drawProgress();
    fillList($("fr-log"), current.log.flat().map(logLine).filter(Boolean));
    $("fr-result").hidden = !view.over;
    if (view.over) $("fr-winners").textContent = resultText(view, storage, report, { tokens: true });
    refreshControls();
  }

  function showPanel(id) {
    for (const panel of PANELS) $(panel).hidden = panel !== id;
  }

  function drawStep() {
    const next = pending();
    if (!next) {
      showPanel(null);
      $("fr-status").textContent = "";
      return;
    }
    if (next.step === "create") {
      $("fr-status").textContent = t("fr.creator", { name: name(next.player) });
      showPanel("fr-create");
      drawDice();
      return;
    }
    if (unlocked) return drawPrivate();
    $("fr-status").textContent = t("fr.pass.title", { name: name(next.player) });
    showPanel("fr-pass");
    $("fr-pass-title").textContent = t("fr.pass.title", { name: name(next.player) });
    $("fr-pass-text").textContent = t(`fr.pass.${next.step}`, { name: name(next.player) });
    $("fr-pass-me").textContent = t("fr.pass.me", { name: name(next.player) });
    $("fr-pass-me").hidden = false;
    $("fr-pass-confirm").hidden = true;
    $("fr-pass-question").textContent = t("fr.pass.confirm", { name: name(next.player) });
    if (document.activeElement === document.body || !document.activeElement?.offsetParent) $("fr-pass-me").focus();
  }

  // --- passing the device -------------------------------------------------------------

  function claim() {
    const next = pending();
    if (PRIVATE_STEPS.has(next.step)) {
      $("fr-pass-me").hidden = true;
      $("fr-pass-confirm").hidden = false;
      $("fr-pass-show").focus();
    } else {
      reveal();
    }
  }

  function reveal() {
    const next = pending();
    guard.run(async () => {
      const mine = await engine("view", shown.state, next.player);
      unlocked = { ...next, view: mine };
      drawPrivate();
    });
  }

  function drawPrivate() {
    const { step, player, view: mine } = unlocked;
    $("fr-status").textContent = name(player);
    if (step === "write") {
      showPanel("fr-write");
      $("fr-write-word").textContent = view.word;
      $("fr-write-label").textContent = t("fr.write.label", { word: view.word });
      $("fr-definition").value = "";
      $("fr-definition").focus();
    } else if (step === "read") {
      showPanel("fr-read");
      $("fr-read-intro").textContent = t("fr.read.aloud", { word: view.word });
      $("fr-read-text").textContent = mine.mine.to_read;
      $("fr-keyword").value = mine.mine.suggestion;
      $("fr-keyword").focus();
    } else {
      showPanel("fr-judge");
      drawJudging(mine.mine.own_reader);
    }
  }

  function drawJudging(own) {
    $("fr-judge-intro").textContent = t("fr.judge.intro", { reader: name(own) });
    $("fr-judge-word").textContent = view.word;
    $("fr-judge-options").replaceChildren(
      ...view.order.map((reader) => {
        const button = document.createElement("button");
        button.type = "button";
        button.className = "choice";
        button.dataset.reader = String(reader);
        const keyword = view.keywords[reader];
        button.textContent = t(reader === own ? "fr.judge.own" : "fr.judge.pick", { keyword, reader: name(reader) });
        button.setAttribute("aria-pressed", String(reader === own));
        button.disabled = reader === own;
        button.addEventListener("click", () => togglePick(reader));
        return button;
      }),
    );
    refreshPicks();
  }

  function togglePick(reader) {
    if (picks.has(reader)) picks.delete(reader);
    else if (picks.size < view.picks) picks.add(reader);
    refreshPicks();
  }

  function refreshPicks() {
    for (const button of $("fr-judge-options").children) {
      const reader = Number(button.dataset.reader);
      if (!button.disabled) button.setAttribute("aria-pressed", String(picks.has(reader)));
    }
    $("fr-judge-count").textContent = t("fr.judge.count", { count: picks.size, picks: view.picks });
    $("fr-judge").querySelector('[type="submit"]').disabled = picks.size !== view.picks || guard.busy;
  }

  // --- creating the word ---------------------------------------------------------------

  function dieFace(d, face) {
    return { colour: view.dice[d].kind === "vowel" ? "vokal" : "konsonant", mark: "", face, value: null };
  }

  function drawDice() {
    const buttons = view.faces.map((face, d) => {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "die";
      button.dataset.die = String(d);
      button.setAttribute("aria-label", t("fr.die", { n: d + 1, face: face ?? "–" }));
      button.append(dieCanvas());
      button.addEventListener("click", () => layDie(d));
      return button;
    });
    $("fr-dice").replaceChildren(...(view.rolls ? buttons : []));
    const dice = view.faces.map((face, d) => dieFace(d, face));
    buttons.forEach((button, d) => drawLetterDie(button.firstChild, dice[d]));
    if (view.events.some((e) => e.e === "rolled")) {
      const passing = view.dice.map((die) => [...die.faces].map((face) => ({ face })));
      rolling = animateLetterRoll(buttons.map((button) => button.firstChild), dice, passing);
    }
    drawWord();
  }

  function layDie(d) {
    if (guard.busy) return;
    word = word.includes(d) ? word.filter((w) => w !== d) : [...word, d]; // a second tap takes it back
    $("fr-anyway").hidden = true;
    message.textContent = "";
    drawWord();
  }

  function drawWord() {
    const buttons = word.map((d) => {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "die";
      button.setAttribute("aria-label", `${view.faces[d]}: ${t("common.remove")}`);
      button.append(dieCanvas());
      button.addEventListener("click", () => {
        word = word.filter((w) => w !== d);
        $("fr-anyway").hidden = true;
        drawWord();
      });
      return button;
    });
    $("fr-word").replaceChildren(...buttons.map(listItem));
    buttons.forEach((button, i) => drawLetterDie(button.firstChild, dieFace(word[i], view.faces[word[i]])));
    for (const button of $("fr-dice").children) {
      button.setAttribute("aria-pressed", String(word.includes(Number(button.dataset.die))));
    }
    refreshControls();
  }

  function create(anyway) {
    guard.run(async () => {
      try {
        await session.act({ type: "create", dice: word, anyway }, shown);
      } catch (error) {
        if (error.code === "word_exists") $("fr-anyway").hidden = false;
        throw error;
      }
    });
  }

  // --- after a round ----------------------------------------------------------------------

  function drawReveal() {
    const last = view.sheet.at(-1);
    const between = last && (view.over || (view.phase === "create" && view.rolls === 0));
    $("fr-reveal").hidden = !between;
    if (!between) return;
    $("fr-reveal-title").textContent = t("fr.reveal.title", { round: last.round, word: last.word });
    fillList($("fr-readings"), last.readings.map((r) => t("fr.reveal.reading", {
      reader: name(r.reader), keyword: r.keyword, author: name(r.author), text: r.text,
    })));
    fillList($("fr-moves"), last.movements.filter((m) => m.from !== m.to).map((m) => t("fr.reveal.move", {
      from: name(m.from), to: name(m.to),
    })));
    [...$("fr-moves").children].forEach((li, i) => li.style.setProperty("--i", String(i)));
    $("fr-keep").disabled = false;
  }

  function keepWord() {
    guard.run(async () => {
      const entry = await engine("collection_entry", shown.state);
      const empty = await engine("empty_collection");
      const merged = await engine("merge_collection", (await storage.collection()) ?? empty, { ...empty, words: [entry] });
      await storage.setCollection(merged); // a failure is reported, and the word can be kept again
      message.textContent = t("fr.kept", { word: entry.word });
      $("fr-keep").disabled = true;
    });
  }

  function drawTokens() {
    const last = view.sheet.at(-1);
    const table = $("fr-tokens");
    const caption = table.querySelector("caption");
    const thead = document.createElement("thead");
    thead.append(tableRow("th", ["", t("fr.tokens.round"), t("fr.tokens.total")], "col"));
    const body = document.createElement("tbody");
    view.players.forEach((player, p) => {
      const net = last ? last.net[p] : 0;
      const tr = tableRow("td", [last ? (net > 0 ? `+${net}` : String(net)) : "", String(view.tokens[p])]);
      tr.prepend(headerCell(player, "row"));
      body.append(tr);
    });
    table.replaceChildren(caption, thead, body);
  }

  function drawSheet() {
    const table = $("fr-sheet");
    const thead = document.createElement("thead");
    thead.append(tableRow("th", [t("fr.sheet.word"), ...view.players], "col"));
    const body = document.createElement("tbody");
    for (const round of view.sheet) {
      const byReader = Object.fromEntries(round.readings.map((r) => [r.reader, r.keyword]));
      const tr = tableRow("td", view.players.map((_, p) => byReader[p] ?? ""));
      tr.prepend(headerCell(round.word, "row"));
      body.append(tr);
    }
    table.replaceChildren(thead, body);
  }

  function drawProgress() {
    const total = view.players.length;
    const lines = [];
    if (view.phase === "write") lines.push(t("fr.written", { done: view.written.filter(Boolean).length, total }));
    if (view.phase === "judge") lines.push(t("fr.judged", { done: view.judged.filter(Boolean).length, total }));
    if (view.phase === "read" || view.phase === "judge") {
      lines.push(...view.read.map((r) => `${name(r.reader)}: ${r.keyword}`));
    }
    $("fr-progress").replaceChildren(...lines.map((line) => {
      const p = document.createElement("p");
      p.textContent = line;
      return p;
    }));
  }

  function logLine(event) {
    const who = view.players[event.player ?? event.start];
    switch (event.e) {
      case "started":
        return t("log.started", { name: who });
      case "rolled":
        return t("log.fr.rolled", { name: who, faces: event.faces.join(" ") });
      case "created":
        return t("log.fr.created", { name: who, word: event.word });
      case "wrote":
        return t("log.fr.wrote", { name: who });
      case "dealt":
        return t("log.fr.dealt");
      case "keyword":
        return t("log.fr.keyword", { name: who, keyword: event.keyword });
      case "judged":
        return t("log.fr.judged", { name: who });
      case "tokens":
        return t("log.fr.tokens", { round: event.round });
      case "over":
        return `${t("log.over")} ${resultText({ ...view, result: event }, storage, report, { tokens: true })}`;
      default:
        return "";
    }
  }

  function refreshControls() {
    if (!view) return;
    const busy = guard.busy;
    $("fr-roll").textContent = view.rolls ? t("fr.reroll") : t("fr.roll", { name: name(view.creator ?? 0) });
    $("fr-roll").disabled = busy || guard.holding || view.over;
    const laid = word.map((d) => view.faces[d]).join("");
    $("fr-create-word").textContent = laid.length >= view.min_letters ? t("fr.create", { word: laid }) : t("fr.create.empty");
    $("fr-create-word").disabled = busy || laid.length < view.min_letters;
    $("fr-undo").disabled = busy || !view.can.undo || unlocked !== null; // never while someone's private step is open
    for (const form of ["fr-write", "fr-read", "fr-judge"]) {
      for (const button of $(form).querySelectorAll('[type="submit"]')) button.disabled = busy;
    }
    if (!$("fr-judge").hidden) refreshPicks();
  }

  // --- wiring -----------------------------------------------------------------------------

  $("fr-pass-me").addEventListener("click", claim);
  $("fr-pass-show").addEventListener("click", reveal);
  $("fr-pass-back").addEventListener("click", () => drawStep());
  $("fr-roll").addEventListener("click", () => guard.run(() => session.act({ type: "roll" }, shown), { hold: true }));
  $("fr-create-word").addEventListener("click", () => create(false));
  $("fr-anyway").addEventListener("click", () => create(true));
  $("fr-keep").addEventListener("click", keepWord);
  $("fr-undo").addEventListener("click", () => guard.run(() => session.undo(shown)));
  $("fr-write").addEventListener("submit", (event) => {
    event.preventDefault();
    const player = unlocked.player;
    guard.run(() => session.act({ type: "write", player, text: $("fr-definition").value }, shown));
  });
  $("fr-read").addEventListener("submit", (event) => {
    event.preventDefault();
    guard.run(() => session.act({ type: "keyword", text: $("fr-keyword").value }, shown));
  });
  $("fr-judge").addEventListener("submit", (event) => {
    event.preventDefault();
    const player = unlocked.player;
    guard.run(() => session.act({ type: "judge", player, picks: [...picks] }, shown));
  });

  return {
    render,
    relabel() {
      if (shown) render(shown);
      collection.relabel();
    },
    actions: {
      collection() {
        show("collection");
        collection.open().catch((error) => report(error));
      },
    },
  };
}
