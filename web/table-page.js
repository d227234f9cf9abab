// The page's side of several phones at one table (table.js does the linking): on the host, the bar of seats
// played on their own phones and the dialog that links one; on a guest, the join screen, and the game drawn
// from the views the host sends. The game screens are the same on both: they are given an engine and a
// session that, on a guest, ask the host (`REMOTE_STATE` is the state they hold there).

import { say, t } from "./i18n.js";
import { createGuest, createHost, JOIN_PREFIX, REMOTE_STATE } from "./table.js";

const $ = (id) => document.getElementById(id);
const AT_TABLE = "wortwurf:at-table"; // (sessionStorage: this tab's phone is at another phone's table, as whom)
const digitsOf = (text) => (text.includes(JOIN_PREFIX) ? text.slice(text.indexOf(JOIN_PREFIX) + JOIN_PREFIX.length) : text).replace(/\s+/g, "");

/** `render(current)` draws a game (the page's way: messages of the moment emptied first); `onRefused`
 *  keeps what a guest sent and the host did not take in the log of the page. */
export function createTablePage({ engine, session, show, render, redraw, report }) {
  let guest = null; // this phone's seat at another phone's table, once it has joined one
  let guestGame = null; // {record, state: REMOTE_STATE, view, log}: the game as this guest draws it
  let scanner = null;

  const host = createHost({
    engine,
    current: () => session.current,
    played: (action, state, base) => session.played(action, state, base),
    act: (action, base) => session.act(action, base),
    onChange: () => {
      drawBar();
      redraw(); // who plays where has changed: the screen says whose turn it is, and where
    },
    onNotice: () => drawBar(),
  });

  // --- what the game screens are given ------------------------------------------------------------------

  /** The engine, but that a call on the host's state goes to the host. */
  const screenEngine = (name, ...args) => (args[0]?.remote === REMOTE_STATE.remote && guest
    ? guest.call(name, args.slice(1)) : engine(name, ...args));
  screenEngine.cancelSearches = engine.cancelSearches;
  screenEngine.budget = engine.budget;
  screenEngine.budgeted = engine.budgeted; // (the host's computer players: on its own state)
  screenEngine.ahead = (name, ...args) => (args[0]?.remote ? Promise.resolve(null) : engine.ahead(name, ...args));

  /** The session, or on a guest the game the host sends: an action goes to the host as this seat's. */
  const screenSession = {
    get current() {
      return guest ? guestGame : session.current;
    },
    act(action, base) {
      if (!guest) return session.act(action, base);
      return guest.act(action);
    },
    undo: (base) => (guest ? guest.call("undo", []) : session.undo(base)), // (refused: a guest takes nothing back)
    preview: (action) => session.preview(action),
    start: (...args) => session.start(...args),
  };

  /** Whether `seat` is played on this phone. */
  const here = (seat) => (guest ? seat === guest.hello?.seat : host.here(seat));
  /** Whether `seat`'s own phone was linked to this host and is gone (a new code, or playing it here, goes on). */
  const away = (seat) => !guest && host.seats.some((entry) => entry.seat === seat && entry.phase === "away");

  // --- the host: the seats on their own phones ---------------------------------------------------------

  function seatName(seat) {
    return session.current?.record.players[seat] ?? String(seat + 1);
  }

  function seatButton(key, seat, onClick) {
    const button = Object.assign(document.createElement("button"), { type: "button", textContent: t(key, { name: seatName(seat) }) });
    button.addEventListener("click", onClick);
    return button;
  }

  function drawBar() {
    const onGame = session.current && !$(session.current.record.game)?.hidden;
    $("table-bar").hidden = guest !== null || !onGame || host.seats.length === 0;
    $("table-bar").classList.toggle("alert", host.seats.some(({ phase }) => phase === "away")); // (kept in view)
    $("table-seats").replaceChildren(...host.seats.map(({ seat, phase }) => {
      const li = document.createElement("li");
      li.className = `table-seat ${phase}`;
      const text = Object.assign(document.createElement("span"), { textContent: t(`table.seat.${phase}`, { name: seatName(seat) }) });
      li.append(text);
      if (phase !== "linked" && phase !== "opening") {
        li.append(seatButton(phase === "away" ? "table.rejoin" : "table.invite", seat, () => openLink(seat)));
      }
      if (phase === "away" || phase === "waiting") li.append(seatButton("table.here", seat, () => host.playHere(seat)));
      return li;
    }));
    const { refused } = host;
    $("table-refused").hidden = !refused;
    if (refused) $("table-refused").textContent = t("table.broken", { name: seatName(refused.seat) });
  }

  /** The dialog that brings `seat`'s phone to the table: the offer as a QR code and as text, then the answer
   *  scanned or typed in. */
  async function openLink(seat) {
    const dialog = $("link");
    const name = seatName(seat);
    $("link-title").textContent = t("link.title", { name });
    $("link-intro").textContent = t("link.intro", { name });
    $("link-offer").hidden = true;
    $("link-code").textContent = ""; // (another seat's code is void for this one)
    delete $("link-qr").dataset.code;
    $("link-answer").value = "";
    say($("link-message"), "link.making");
    dialog.dataset.seat = String(seat);
    $("link-form").hidden = !("RTCPeerConnection" in window); // (WebKitGTK has none: no answer to take)
    dialog.showModal();
    if ($("link-form").hidden) return say($("link-message"), "link.nowebrtc", { name });
    const { address, code, qr } = await host.invite(seat);
    $("link-offer").hidden = false;
    $("link-code").textContent = address;
    qr.draw($("link-qr"));
    $("link-qr").dataset.code = code;
    say($("link-message"));
    $("link-share").onclick = () => share(address, $("link-message"));
  }

  async function takeAnswer(text) {
    const seat = Number($("link").dataset.seat);
    const name = seatName(seat);
    stopScanner();
    say($("link-message"), "link.opening");
    try {
      await host.answered(seat, digitsOf(text));
    } catch (error) {
      const said = { timeout: "link.timeout", twice: "link.twice", answered: "link.answered" }[error.message];
      return say($("link-message"), said ?? "link.bad", { name });
    }
    say($("link-message"), "link.linked", { name });
    $("link").close();
  }

  $("link-scan").addEventListener("click", () => startScanner($("link-video"), takeAnswer, $("link-message")));
  $("link-form").addEventListener("submit", (event) => {
    event.preventDefault();
    takeAnswer($("link-answer").value);
  });
  $("link").addEventListener("close", stopScanner);

  // --- the guest: joining a table, then the game as the host sends it -----------------------------------

  /** This phone plays a game of its own from now on: it leaves the table it had joined, if any. */
  function leave() {
    guest?.leave();
    guest = null;
    guestGame = null;
    document.body.classList.remove("at-a-guest-phone");
    sessionStorage.removeItem(AT_TABLE);
  }

  /** After a reload of a phone that was at another phone's table: the join screen, saying so (true), so that
   *  it links again with a new code; false if it was at none. */
  function offerRejoin() {
    const was = JSON.parse(sessionStorage.getItem(AT_TABLE) ?? "null");
    if (!was) return false;
    openJoin();
    say($("join-message"), "join.rejoin", { name: was.name });
    return true;
  }

  async function join(text) {
    if (!("RTCPeerConnection" in window)) return say($("join-message"), "join.nowebrtc");
    say($("join-message"));
    stopScanner();
    leave();
    document.body.classList.add("at-a-guest-phone"); // (a rematch is the host's to start)
    guest = createGuest({
      onView: (view) => {
        const { game, players, options } = guest.hello;
        const log = [...(guestGame?.log ?? []), view.events ?? []]; // (from the moment this phone joined)
        guestGame = { record: { game, players, options, actions: [] }, state: REMOTE_STATE, view, log };
        sessionStorage.setItem(AT_TABLE, JSON.stringify({ name: players[guest.hello.seat] })); // (a reload offers to rejoin)
        render(guestGame);
        if ($(game).hidden) show(game);
      },
      onAway: () => {
        if (guestGame) say($(`${guestGame.record.game}`).querySelector(".message[role=status]") ?? $("join-message"), "error.table_away"); // (as a request refused for want of the link says)
      },
    });
    let answer;
    try {
      answer = await guest.join(digitsOf(text));
    } catch (error) {
      guest = null;
      if (error.name === "BadCode") return say($("join-message"), "join.bad");
      throw error;
    }
    $("join-ask").hidden = true;
    $("join-answer").hidden = false;
    answer.qr.draw($("join-qr"));
    $("join-qr").dataset.code = answer.code;
    $("join-answer-code").textContent = answer.code;
    $("join-share").onclick = () => share(answer.code, $("join-message"));
    say($("join-message"), "join.waiting");
    try {
      await answer.linked;
      say($("join-message"));
    } catch (error) {
      say($("join-message"), error.message === "failed" ? "join.failed" : "join.unanswered");
    }
  }

  /** The join screen, empty (from the menu), or at once with the code the page was opened with. */
  function openJoin(code = "") {
    $("join-ask").hidden = false;
    $("join-answer").hidden = true;
    $("join-answer-code").textContent = ""; // (an earlier answer is spent)
    delete $("join-qr").dataset.code;
    $("join-code").value = code;
    say($("join-message"));
    show("join");
    if (!("RTCPeerConnection" in window)) { // said at once, not on a scan; nothing to scan or type
      $("join-ask").hidden = true;
      return say($("join-message"), "join.nowebrtc");
    }
    if (code) join(code).catch(report);
  }

  $("join-scan").addEventListener("click", () => startScanner($("join-video"), (text) => join(text).catch(report), $("join-message")));
  $("join-form").addEventListener("submit", (event) => {
    event.preventDefault();
    join($("join-code").value).catch(report);
  });

  // --- shared: the camera, sharing a code --------------------------------------------------------------

  async function startScanner(video, onText, message) {
    stopScanner();
    video.hidden = false;
    try {
      const { startScanner: start } = await import("./link.js");
      let taken = false;
      scanner = await start(video, (text) => {
        if (taken) return;
        taken = true;
        onText(text);
      });
    } catch {
      video.hidden = true;
      say(message, "link.camera");
    }
  }

  function stopScanner() {
    scanner?.stop();
    scanner = null;
    for (const video of document.querySelectorAll("video.scanner")) video.hidden = true;
  }

  /** Share a code as text (Web Share where there is one, else the clipboard; it also stands on screen). */
  async function share(text, message) {
    if (navigator.share) return navigator.share({ text }).catch(() => {}); // (closing the sheet is no error)
    await navigator.clipboard?.writeText(text).then(() => say(message, "link.copied"), () => {});
  }

  return {
    engine: screenEngine,
    session: screenSession,
    here,
    away,
    host,
    openJoin,
    offerRejoin,
    /** Send `text` to the host as it is: the automation hook plays a hostile phone with it. */
    sendText: (text) => guest.sendText(text),
    leave,
    /** Whether this phone plays at another phone's table. */
    get guest() {
      return guest !== null;
    },
    drawBar,
  };
}
