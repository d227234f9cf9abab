// Pieces every game screen shares: one action at a time, score-pad cells,
// the readable log, and the final result in words (with the solo record).

import { SEARCH_SECONDS } from "./engine.js";
import { getLanguage, t } from "./i18n.js";

/** A game of one (solo, or this phone's seat of a shared deal): the page speaks to its player, not of
 *  "Person 1". */
export const ownPhone = (view) => view.players.length === 1;
/** Whether seat `p` is the one person at the table, the others computers. */
const onlyPerson = (view, p) => view.players.every((_, q) => (q === p) !== ((view.options.computer?.[q] ?? 0) > 0));
/** `key`, or its ".own" form where the page speaks to the player: in a game of one, or (given the seat `p` the
 *  text is about) to the one person playing against computers. */
export const spoken = (view, key, p = null) => (ownPhone(view) || (p !== null && onlyPerson(view, p)) ? `${key}.own` : key);

const BADGE_GAP_PX = 8; // between the thinking badge and the heading below it

/** While computers move, the page scrolled to `heading` (the table below it), just under the thinking badge
 *  that stands over the page's top: the next person then sees what the computers laid. */
export function showBelowBadge(heading) {
  const badge = document.getElementById("thinking").getBoundingClientRect();
  window.scrollBy(0, heading.getBoundingClientRect().top - (badge.height ? badge.bottom + BADGE_GAP_PX : 0));
}

const DOUBLE_TAP_MS = 300; // a second tap sooner than this, and near the first, is one double tap
const DOUBLE_TAP_PX = 24;

/** The tap (or click, or key press on a button) being handled now: when and where it was made. A busy phone
 *  may handle a tap long after it was made, so a double tap is told by when its taps were made. */
let tapNow = null;
document.addEventListener("click", (event) => {
  tapNow = { at: event.timeStamp, x: event.clientX, y: event.clientY, on: event.target, pointed: event.detail > 0 };
  setTimeout(() => (tapNow = null)); // (the tap's handlers run before this)
}, true);

/** Whether `tap` is the second of a double tap after `before`: soon after it, on the same control, or (a
 *  finger's or a mouse's, not a key's) at the same place. */
const doubleTap = (tap, before) => before && tap.at - before.at < DOUBLE_TAP_MS && (tap.on === before.on ||
  (tap.pointed && before.pointed && Math.hypot(tap.x - before.x, tap.y - before.y) <= DOUBLE_TAP_PX));

/** Run one piece of work at a time; an engine error is shown in `message`. While one runs, the screen around
 *  `message` is `aria-busy` (a screen reader waits for its end to read it). A tap made a double tap's span
 *  after the one that started the last piece of work, at the same place, is not taken, however late it is
 *  handled (the button under it may be the next step's: "Würfeln" becomes "Nochmal würfeln"). After a piece
 *  with `hold` (a roll, a draw: chance actions cannot be undone) the guard is also `holding` until `settled()`
 *  (the roll drawn to its end): the button that did it stays disabled meanwhile, while the rest of the table
 *  can be used at once. Any other piece of work ends the hold (real dice entered, taken back, corrected,
 *  entered again). */
export function createGuard(report, message, after, settled = () => null) {
  let busy = false;
  let holding = false;
  let holds = 0; // (which hold is the latest: an earlier one ending does not end it)
  let lastTap = null; // the tap that started the last piece of work
  return {
    get busy() {
      return busy;
    },
    get holding() {
      return holding;
    },
    async run(work, { hold = false } = {}) {
      const tap = tapNow;
      if (busy || (hold && holding) || (tap && doubleTap(tap, lastTap))) return;
      lastTap = tap;
      busy = true;
      const screen = message.closest("section.screen");
      screen?.setAttribute("aria-busy", "true");
      holding = hold;
      const mine = ++holds;
      after(); // controls show the wait at once
      try {
        await work();
      } catch (error) {
        holding = false;
        report(error, message);
      } finally {
        busy = false;
        screen?.removeAttribute("aria-busy");
        after();
      }
      if (!holding || mine !== holds) return;
      await settled();
      if (mine !== holds) return;
      holding = false;
      after();
    },
  };
}

/** Whose turn it is when `name`'s seat is played on another phone: there, or (`away`) its phone gone, with
 *  where to go on. */
export function elsewhereText(name, away) {
  return t(away ? "table.elsewhere.away" : "table.elsewhere", { name });
}

const SHOW_SEARCH_MS = 300; // a search that takes longer shows that it works, and can be cancelled

/** Searches a person asks for (advice, a hint, a solution): `search(name, ...args)` is the engine's answer, or
 *  null when cancelled. They run beside the screen's one piece of work at a time (`createGuard`), so taps
 *  meanwhile are taken at once; a search asked again while the same one runs is not asked twice (both askers
 *  get its answer). After SHOW_SEARCH_MS a bar shows it working over its time budget, with a button that
 *  cancels it. The caller drops an answer that comes after the game moved on. */
export function createSearch(engine) {
  const badge = document.getElementById("searching");
  const bar = document.getElementById("searching-bar");
  const budget = () => engine.budget?.seconds ?? SEARCH_SECONDS;
  const running = new Map(); // what was asked: its answer to come
  let timer = null; // shows the badge, then fills its bar
  let cancel = () => {}; // ends the searches running now with null
  let cancelled = null;
  document.getElementById("searching-cancel").addEventListener("click", () => {
    engine.cancelSearches?.(); // (a guest's search runs on the host: it ends within its budget there)
    cancel();
  });
  const showing = (on) => {
    clearTimeout(timer);
    clearInterval(timer);
    badge.hidden = true;
    if (!on) return;
    const since = performance.now();
    const fill = () => (bar.value = Math.min(1, (performance.now() - since) / 1000 / budget()));
    timer = setTimeout(() => {
      fill();
      badge.hidden = false;
      timer = setInterval(fill, 100);
    }, SHOW_SEARCH_MS);
  };
  async function answer(name, args) {
    try {
      return await Promise.race([engine(name, ...args), cancelled]);
    } catch (error) {
      if (error.code === "cancelled") return null;
      throw error;
    }
  }
  return function search(name, ...args) {
    const asked = JSON.stringify([name, ...args]);
    if (running.has(asked)) return running.get(asked);
    if (!running.size) {
      cancelled = new Promise((resolve) => (cancel = () => resolve(null)));
      showing(true);
    }
    const found = answer(name, args).finally(() => {
      running.delete(asked);
      if (!running.size) showing(false);
    });
    running.set(asked, found);
    return found;
  };
}

/** Computer seats: after a pause, play the action the engine chooses for the seat to move, unless the
 *  screen was left or the game moved on meanwhile (then the next redraw asks again). The engine is asked at
 *  once, with the pause added to its time budget: a strong player thinks while the table shows the last
 *  move (on a phone's half core, that doubles what it weighs). From the pause to the answer a badge says
 *  the computer is thinking. */
export function createComputerMover({ screen, session, guard, engine, pause }) {
  let timer = null;
  let asked = null; // {game: the position asked about, choice: the engine's answer to come}
  const choose = (game) => {
    if (asked?.game.state !== game.state) { // (a redraw of the same position asks nothing new)
      const seconds = engine.budget?.seconds;
      const choice = engine.budgeted(seconds == null ? null : seconds + pause / 1000, "computer_action", game.state);
      choice.catch(() => {}); // (met where it is awaited; an answer for a position gone by is dropped)
      asked = { game, choice };
    }
    return asked.choice;
  };
  const badge = document.getElementById("thinking");
  const thinking = (on) => {
    badge.hidden = !on;
    if (on) badge.textContent = t("computer.thinking");
  };
  const mover = {
    schedule() {
      clearTimeout(timer);
      const waiting = session.current;
      thinking(true);
      choose(waiting);
      timer = setTimeout(() => {
        if (document.getElementById(screen).hidden || session.current !== waiting) return thinking(false);
        if (guard.busy) return mover.schedule();
        guard.run(async () => {
          let action;
          try {
            action = await choose(waiting);
          } catch (error) {
            if (error.code !== "cancelled") throw error;
            asked = null; // (a person cancelled their search, and this one with it: asked again)
            setTimeout(() => mover.schedule());
            return;
          } finally {
            thinking(false); // before the move is shown: its redraw may schedule the next computer seat
          }
          await session.act(action, waiting);
        });
      }, pause);
    },
    cancel() {
      clearTimeout(timer);
      thinking(false);
    },
  };
  return mover;
}

export function headerCell(text, scope) {
  const th = document.createElement("th");
  th.scope = scope;
  th.textContent = text;
  return th;
}

/** A table row of text cells (`th` with a scope, or `td`). */
export function tableRow(tag, texts, scope) {
  const tr = document.createElement("tr");
  for (const text of texts) {
    const cell = tag === "th" ? headerCell(text, scope) : document.createElement("td");
    if (tag !== "th") cell.textContent = text;
    tr.append(cell);
  }
  return tr;
}

/** A labelled row of sums (subtotal, total) under a score pad. */
export function sumRow(label, values, className) {
  const tr = tableRow("td", values.map(String));
  tr.prepend(headerCell(label, "row"));
  tr.className = className;
  return tr;
}

/** A control as an item of a role="list" group (the control keeps its own role). */
export function listItem(control) {
  const item = document.createElement("span");
  item.setAttribute("role", "listitem");
  item.append(control);
  return item;
}

/** A number as the page's language writes it, to one decimal at most: 1234.56 is "1.234,6" in German and "1,234.6"
 *  in English. Written out rather than by Intl: a page's first use of Intl's number formatting loads its locale data,
 *  20-40 ms on this machine's full CPU, and the loading bar's megabytes are that first use, on the start's path. */
export function decimal(value) {
  const tenths = Math.round(Math.abs(value) * 10); // (0.15 × 10 is 1.5 exactly in floating point: 2, as in Intl)
  const [group, point] = document.documentElement.lang === "de" ? [".", ","] : [",", "."];
  const whole = String(Math.floor(tenths / 10)).replace(/\B(?=(\d{3})+$)/g, group);
  return (value < 0 ? "-" : "") + whole + (tenths % 10 ? point + (tenths % 10) : "");
}

const builtAs = new WeakMap(); // an element keepChildren put in: its markup as it was built

/** `container`'s children made to be `built` (elements just built, nothing drawn on their canvases yet), in
 *  order; where a child was built with the same markup, it stays instead, with what its canvas shows, its focus
 *  and what a screen reader read of it. What was set on it since (pressed, disabled) stays too: the caller sets
 *  that anew. Returns the elements of `built` that went in. Drawing a canvas, and its backing store, is most of
 *  what a redraw costs on a phone, and a screen redraws on every change of the game. */
export function keepChildren(container, built) {
  const kept = new Map(); // markup -> the children built with it, in order
  for (const child of container.children) {
    const markup = builtAs.get(child);
    kept.set(markup, [...(kept.get(markup) ?? []), child]);
  }
  const added = [];
  built.forEach((element, i) => {
    const markup = element.outerHTML;
    let child = kept.get(markup)?.shift();
    if (!child) {
      child = element;
      builtAs.set(element, markup);
      added.push(element);
    }
    if (container.children[i] !== child) container.insertBefore(child, container.children[i] ?? null);
  });
  while (container.children.length > built.length) container.lastElementChild.remove();
  return added;
}

/** Replace a list's items with one text line each. */
export function fillList(list, lines) {
  list.replaceChildren(
    ...lines.map((line) => {
      const li = document.createElement("li");
      li.textContent = line;
      return li;
    }),
  );
}

/** A finished game's screen part `<prefix>-result`: the result in `words`, every player ranked with their score
 *  (the engine's places: a tie shares one), how the last points came about (the log's newest move), and the
 *  rematch and new-game buttons; hidden while the game runs. */
export function drawEnd(prefix, view, words, { tokens = false, storage = null } = {}) {
  const section = document.getElementById(`${prefix}-result`);
  const appearing = section.hidden && view.over;
  section.hidden = !view.over;
  if (!view.over) return;
  document.getElementById(`${prefix}-winners`).textContent = words;
  const { scores, places } = view.result;
  const order = scores.map((_, p) => p).sort((a, b) => places[a] - places[b] || a - b);
  const key = tokens ? "result.place.tokens" : "result.place";
  const top = storage && view.players.length === 1 ? storage.bestSolo(view.game)?.top : null;
  fillList(section.querySelector(".ranking"), top // alone: the device's best scores, with this game's marked
    ? top.map((entry, i) => t(entry.seed === view.seed && entry.points === scores[0] ? "result.best.this" : "result.best",
      { place: i + 1, points: entry.points, date: entry.date ? new Date(`${entry.date}T12:00`).toLocaleDateString(getLanguage()) : "–" }))
    : order.map((p) => t(key, { place: places[p], name: view.players[p], points: scores[p] })));
  const lines = [...document.getElementById(`${prefix}-log`).children].map((li) => li.textContent)
    .filter((line) => !line.includes(words)); // (the log's own line for the end says the result again)
  // The newest line naming a player: one that only closes a deal ("Runde 1 ist vorbei.") repeats the heading.
  const move = lines.findLast((line) => view.players.some((name) => line.includes(name))) ?? lines.at(-1);
  section.querySelector(".last-move").textContent = move ? t("result.last", { move }) : "";
  if (appearing) section.scrollIntoView({ block: "nearest" }); // the verdict in view, wherever the last move was
}

const SOLO_KEPT = 10; // the best solo scores a device keeps per game

/** A finished solo game among the device's best scores, kept once (a redraw of the same game adds nothing):
 *  the list, best first, each {points, seed, date}. */
function keepSoloScore(view, storage, report) {
  const points = view.result.scores[0];
  const stored = storage.bestSolo(view.game);
  const top = stored?.top ?? (stored ? [{ points: stored.points, seed: stored.seed, date: null }] : []);
  if (top.some((entry) => entry.seed === view.seed && entry.points === points)) return top;
  const entry = { points, seed: view.seed, date: new Date().toISOString().slice(0, 10) };
  const next = [...top, entry].sort((a, b) => b.points - a.points).slice(0, SOLO_KEPT);
  if (!next.includes(entry)) return top; // not among the best: nothing to keep, however often it is drawn
  storage.setBestSolo(view.game, { points: next[0].points, seed: next[0].seed, top: next }).catch((error) => report(error));
  return next;
}

/** The end of a game in words: the winner(s), or the solo score against this device's record; `tokens`
 *  for a game that counts tokens rather than points. */
export function resultText(view, storage, report, { tokens = false } = {}) {
  const { scores, winners } = view.result;
  const points = scores[winners[0]];
  if (view.players.length === 1) {
    const [best] = keepSoloScore(view, storage, report);
    return best.seed === view.seed && best.points === points
      ? t("result.solo.record", { points }) : t("result.solo", { points, best: best.points });
  }
  if (points === 0 && winners.length === view.players.length) return t("result.nobody"); // (no tie to share)
  const names = winners.map((p) => view.players[p]).join(", ");
  const key = winners.length > 1 ? "result.winners" : "result.winner";
  return t(tokens ? `${key}.tokens` : key, { names, points });
}
