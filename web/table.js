// Several phones at one table, with no server. The phone that starts a game is the host: it keeps the game,
// its engine, its save and its log, as on one device. A seat "on its own phone" is played on a guest phone
// linked to the host directly (link.js: WebRTC, codes scanned as QR codes). A guest holds no state: it is
// sent its seat's view after every change, and every engine call it makes on "the state" goes to the host,
// whose engine answers only what that seat may know, and takes only that seat's actions (table.py).

import { EngineError } from "./engine.js";
import { Stale } from "./session.js";

const loadLink = () => import("./link.js");
const away = () => new EngineError({ code: "table_away", params: {}, message: "no link to the table" });
const silent = () => new EngineError({ code: "table_silent", params: {}, message: "the host did not answer" });
const ANSWER_WITHIN_MS = 30_000; // a guest's request unanswered this long is given up (the host's phone went silent)
export const JOIN_PREFIX = "#j"; // the host's code after the site's address: opening it joins the table

/** The state a guest's screens hold: the host's, asked for through `engine`. */
export const REMOTE_STATE = Object.freeze({ remote: true });
const MAX_MESSAGE_CHARS = 256 * 1024; // a whole view of the largest game is some 20 KB
const MAX_REQUEST_CHARS = 16 * 1024; // a guest's request: an action or a call's arguments
const NOTICE_MS = 8000; // how long the host's bar says a phone sent something broken
const MAX_IN_FLIGHT = 4; // a guest's requests the host holds at once (a race's hint, marks and kept table among them): one guest never holds the others long
// What one guest may ask of the host over time, on average and at once (a fast racer's tile, kept and marked, is
// two requests): a guest that asks without end is answered "busy", and its actions grow the host's save no faster.
const REQUESTS_PER_SECOND = 10;
const REQUESTS_AT_ONCE = 20;

/** Ask for the camera (and let it go): Chromium then puts the phone's real addresses into its offer, so no
 *  multicast name lookup is needed on the Wi-Fi. Without a camera the code can still be shared as text. */
async function allowCamera() {
  try {
    const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" } });
    for (const track of stream.getTracks()) track.stop();
  } catch {
    // refused or none: the link may still open through the phones' multicast names
  }
}

/** The address a guest's camera app opens: this page with the offer after "#". */
export const joinAddress = (code) => `${location.origin}${location.pathname}${JOIN_PREFIX}${code}`;

/** The host's side. `current()` is the game in play; `played(action, state, base)` keeps an action the
 *  engine took from a guest, `act(action, base)` takes one the host takes for a guest (the session's: both
 *  reject with Stale when `base` is no longer the game in play, having taken nothing); `onChange()` when a
 *  seat's link changes; `onNotice()` when a phone sent something broken, and when that is over. */
export function createHost({ engine, current, played, act, onChange, onNotice }) {
  const seats = new Map(); // seat -> {phase: "invited" | "opening" | "linked" | "away" | "here", pc, channel, wire, code}
  let refused = null; // a phone sent what is no message of ours, a moment ago: {seat, why}
  let refusedTimer = null;

  /** A guest's request the engine refused: the guest is told, in its own words; the table need not hear it. */
  function onRefused(seat, why) {
    console.warn(`table: seat ${seat}'s request refused (${why})`);
  }

  /** A frame from a guest that is no message of ours (too large, not JSON, out of order): the host hears of
   *  it for a moment (`onNotice()`: the bar, not the game, is drawn again). */
  function onBroken(seat, why) {
    if (refused?.seat === seat) return; // (on show already: a phone that sends such frames without end is said once)
    console.warn(`table: seat ${seat}'s frame dropped (${why})`);
    refused = { seat, why };
    clearTimeout(refusedTimer);
    refusedTimer = setTimeout(() => {
      refused = null;
      onNotice();
    }, NOTICE_MS);
    onNotice();
  }
  let game = null; // the game the seats belong to
  let sending = Promise.resolve(); // views go out in the order of the changes
  let taking = Promise.resolve(); // the guests' actions, one at a time: each on the state the last one left
  const inFlight = new WeakMap(); // a link's wire -> its requests taken and not yet answered
  const allowances = new WeakMap(); // a link's wire -> {left: requests it may make now, at: when counted}
  let dueTimer = null;

  /** What `wire`'s guest may ask now: REQUESTS_AT_ONCE, refilled at REQUESTS_PER_SECOND. */
  function allowed(wire) {
    const now = performance.now();
    const allowance = allowances.get(wire) ?? { left: REQUESTS_AT_ONCE, at: now };
    allowance.left = Math.min(REQUESTS_AT_ONCE, allowance.left + ((now - allowance.at) / 1000) * REQUESTS_PER_SECOND);
    allowance.at = now;
    allowances.set(wire, allowance);
    return allowance;
  }

  /** Whether a guest's message asks a call (which decides nothing) rather than taking an action: the engine
   *  checks either; this only says whether it waits its turn. */
  const isCall = (message) => typeof message?.call === "string" && !("act" in message);
  /** The game a request was made in: the host's game in play then, by its record's game and seed. */
  const gameKey = (record) => (record ? `${record.game}:${record.seed}` : null);
  const refusal = (code) => Object.assign(new Error(code), { code });

  function drop(seat) {
    const entry = seats.get(seat);
    entry?.wire?.close();
    entry?.pc?.close();
  }

  function set(seat, entry) {
    seats.set(seat, entry);
    onChange();
  }

  async function sendView(seat) {
    const entry = seats.get(seat);
    const shown = current();
    if (!entry?.wire || !shown) return;
    entry.wire.send({ view: await engine("guest_view", shown.state, seat) });
  }

  /** A guest's message as it arrives on `wire`: tied to that link, the game in play and the host's clock now
   *  (a request of a link let go, or of a game since left, is answered so and taken no more); at most
   *  MAX_IN_FLIGHT of one link's wait at once, and it asks at most as often as REQUESTS_PER_SECOND allows: the
   *  rest are answered "busy" at once. */
  function received(seat, wire, message) {
    if (seats.get(seat)?.wire !== wire) return;
    const held = inFlight.get(wire) ?? 0;
    const allowance = allowed(wire);
    if (held >= MAX_IN_FLIGHT || allowance.left < 1) {
      return wire.send({ refused: "busy", params: {}, of: message.n ?? null });
    }
    allowance.left -= 1;
    inFlight.set(wire, held + 1);
    const ticket = { seat, wire, game: gameKey(current()?.record), now: Date.now() };
    const taken = taking.then(() => fromGuest(ticket, message)).catch((error) => console.error(error))
      .finally(() => inFlight.set(wire, inFlight.get(wire) - 1));
    // A call decides nothing: it is answered on the state the requests before it left, and holds none after it
    // (a guest's search runs on the search worker meanwhile, engine.js); an action waits for the one before.
    if (!isCall(message)) taking = taken;
  }

  /** One request of a guest, answered on the link it came by (never another phone's that now holds the seat). */
  async function fromGuest(ticket, message) {
    const { seat, wire } = ticket;
    const shown = current();
    try {
      if (seats.get(seat)?.wire !== wire || gameKey(shown?.record) !== ticket.game) throw refusal("table_moved_on");
      if (JSON.stringify(message).length > MAX_REQUEST_CHARS) throw refusal("request_too_large");
      const answer = await engine("guest_request", shown.state, seat, message, ticket.now).catch((error) => {
        if (error.code === "cancelled") return null; // (the host cancelled a search of its own, and this one with it)
        throw error;
      });
      if (answer === null) return fromGuest(ticket, message);
      if (seats.get(seat)?.wire !== wire) throw refusal("table_moved_on"); // (let go meanwhile: nothing taken)
      if ("action" in answer) {
        try {
          await played(answer.action, answer.state, shown);
        } catch (error) { // this phone's own move came first and nothing was taken: again, on the game as it is now
          if (error instanceof Stale) return fromGuest(ticket, message);
          throw error;
        }
        await sending; // the new views first: a guest's next call may ask about the state its move made
        wire.send({ done: message.n });
      } else {
        wire.send({ answer: answer.answer, of: message.n });
      }
    } catch (error) {
      wire.send({ refused: error.code ?? "table_failed", params: error.params ?? {}, of: message?.n ?? null });
      if (!error.code) throw error;
      onRefused(seat, error.code);
    }
    return undefined;
  }

  /** What falls to the host to take for the seats on their own phones now (Presto: the end of a race whose
   *  time is up, whatever its phone says), and a look again when the next falls due. */
  async function takeDue() {
    clearTimeout(dueTimer);
    const shown = current();
    const guests = [...seats].filter(([, { phase }]) => phase !== "here").map(([seat]) => seat);
    if (!shown || !guests.length || shown.state.over) return;
    const { actions: [action], at } = await engine("guest_due", shown.state, guests, Date.now());
    if (action) { // (the next, if any, on the game as this one leaves it: the change asks again)
      return act(action, shown).catch((error) => {
        if (!(error instanceof Stale)) throw error;
      });
    }
    if (at !== null) dueTimer = setTimeout(lookDue, Math.max(0, at - Date.now()) + 20);
    return undefined;
  }

  /** Look for what falls due, after the guests' requests before. */
  function lookDue() {
    taking = taking.then(takeDue).catch((error) => console.error(error));
  }

  return {
    /** The game in play is `record`'s: its seats on their own phones (`record.table.phones`) are linked
     *  here; another game's links are let go. */
    open(record) {
      const key = `${record.game}:${record.seed}`;
      if (game && `${game.game}:${game.seed}` !== key) {
        for (const seat of seats.keys()) drop(seat);
        seats.clear();
      }
      game = record;
      for (const seat of record.table?.phones ?? []) if (!seats.has(seat)) seats.set(seat, { phase: "waiting" });
      onChange();
    },
    /** A phone sent what is no message of ours a moment ago ({seat, why}), or null. */
    get refused() {
      return refused;
    },
    /** Every seat on its own phone: {seat, phase}. */
    get seats() {
      return [...seats].map(([seat, { phase }]) => ({ seat, phase }));
    },
    /** Whether `seat` is played on this phone. */
    here: (seat) => !seats.has(seat) || seats.get(seat).phase === "here",
    /** A fresh code for `seat`'s phone (any earlier one for it is void): {address, code, qr}. */
    async invite(seat) {
      const link = await loadLink();
      await allowCamera();
      drop(seat);
      const { pc, channel, code } = await link.offer();
      set(seat, { phase: "invited", pc, channel, code });
      return { address: joinAddress(code), code, qr: link.qrOf(joinAddress(""), code) };
    },
    /** The guest's answer for `seat`: one answer per offer, the first taken. Resolves when the link is open;
     *  rejects with a BadCode ("answered": the code's link is taken already), "twice" when it did not open
     *  because another phone answered the same code too, or "timeout" when it does not open within 10 s (the
     *  seat stays to be played here). */
    async answered(seat, code) {
      const link = await loadLink();
      const entry = seats.get(seat);
      if (["opening", "linked"].includes(entry?.phase)) throw new link.BadCode("answered"); // (a code is for one phone)
      if (entry?.phase !== "invited") throw new link.BadCode("no offer waits for this seat");
      await link.accept(entry.pc, code);
      set(seat, { ...entry, phase: "opening" });
      try {
        await link.opened(entry.channel);
      } catch (error) {
        const twice = await link.answeredTwice(entry.pc).catch(() => false);
        drop(seat);
        set(seat, { phase: "waiting" });
        throw twice ? new Error("twice") : error;
      }
      const wire = link.createWire(entry.pc, entry.channel, {
        maxChars: MAX_REQUEST_CHARS,
        onMessage: (message) => received(seat, wire, message),
        onAway: () => seats.get(seat)?.wire === wire && set(seat, { ...seats.get(seat), phase: "away" }),
        onBack: () => seats.get(seat)?.wire === wire && set(seat, { ...seats.get(seat), phase: "linked" }),
        onRefused: (why) => onBroken(seat, why),
        onClosed: () => seats.get(seat)?.wire === wire && set(seat, { phase: "away" }),
      });
      set(seat, { ...entry, phase: "linked", wire });
      wire.send({ hello: { game: game.game, seat, players: game.players, options: game.options } });
      await sendView(seat);
    },
    /** Play `seat` on this phone from now on (its phone is away, or the table wants it so). */
    playHere(seat) {
      drop(seat);
      set(seat, { phase: "here" });
    },
    /** After every change of the game: each linked phone gets its seat's view. */
    changed() {
      sending = sending.then(() => Promise.all([...seats.keys()].map(sendView))).catch((error) => console.error(error));
      lookDue();
      return sending;
    },
  };
}

/** The guest's side: `hello` ({game, seat, players, options}) once linked, `onView(view)` after every change
 *  on the host, `onAway()` when the host falls silent or the link is gone. */
export function createGuest({ onView, onAway }) {
  let wire = null;
  let hello = null;
  const waiting = new Map(); // request number -> {resolve, reject}

  function settle(number, settle) {
    const pending = waiting.get(number);
    waiting.delete(number);
    if (pending) settle(pending);
  }

  function onMessage(message) {
    if (message.hello) {
      hello = message.hello;
    } else if (message.view) {
      onView(message.view);
    } else if ("answer" in message) {
      settle(message.of, ({ resolve }) => resolve(message.answer));
    } else if ("done" in message) {
      settle(message.done, ({ resolve }) => resolve());
    } else if (message.refused) {
      settle(message.of, ({ reject }) => reject(new EngineError({ code: message.refused, params: message.params, message: message.refused })));
    }
  }

  /** Send `body`; its answer (by the number the wire gave it) settles the promise. One the host would drop
   *  unread (too large) is refused here, and one the host leaves unanswered (a phone gone silent) is given up
   *  after ANSWER_WITHIN_MS: a request never leaves this phone waiting for good. */
  function request(body) {
    if (JSON.stringify(body).length + 32 > MAX_REQUEST_CHARS) { // (the wire adds its number)
      return Promise.reject(new EngineError({ code: "request_too_large", params: {}, message: "request too large" }));
    }
    const number = wire?.send(body);
    if (!number) return Promise.reject(away());
    return new Promise((resolve, reject) => {
      waiting.set(number, { resolve, reject });
      setTimeout(() => settle(number, ({ reject: late }) => late(silent())), ANSWER_WITHIN_MS);
    });
  }

  return {
    /** Answer the host's code: {code, qr} to show the host; `linked` resolves when the link is open, and
     *  rejects with "failed" (an old code, or another phone's answer taken) or "timeout" (never taken). */
    async join(offerCode) {
      const link = await loadLink();
      const { pc, channel, code } = await link.answer(offerCode);
      const linked = link.joined(pc, channel).catch((error) => {
        pc.close(); // (a link that did not open is let go)
        throw error;
      }).then((opened) => {
        wire = link.createWire(pc, opened, {
          maxChars: MAX_MESSAGE_CHARS,
          onMessage,
          onAway,
          onClosed: () => {
            wire = null;
            for (const { reject } of waiting.values()) reject(away());
            waiting.clear();
            onAway();
          },
        });
      });
      return { code, qr: link.qrOf("", code), linked };
    },
    get hello() {
      return hello;
    },
    /** Leave the table: the link is closed (the host sees the seat away). */
    leave() {
      wire?.close();
      wire = null;
    },
    /** An engine call on the host's state (`REMOTE_STATE`), answered for this seat. */
    call: (name, args) => request({ call: name, args }),
    /** Take an action as this seat (the host fills in the seat, and refuses another); resolves once the host
     *  has played it. */
    act: (action) => request({ act: action }),
    /** Send `text` as it is (the automation hook's hostile phone). */
    sendText: (text) => wire.sendText(text),
  };
}
