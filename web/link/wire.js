// Messages over one linked phone's data channel: JSON, numbered in the order sent, with a heartbeat. A phone
// that falls silent (locked, the app switched, Wi-Fi gone: its channel may stay "open" for minutes) is
// reported away after AWAY_MS, and back when it speaks again. A message too large, not JSON, or out of order
// is dropped and reported, never handed on.

const HEARTBEAT_MS = 2000;
const AWAY_MS = 5000;

/** `onMessage(message)` for each message in order; `onAway()`, `onBack()`; `onRefused(why, size)` for a dropped
 *  one; `onClosed()` once the channel or its connection is gone for good. `maxChars` bounds one message. */
export function createWire(pc, channel, { onMessage, onAway = () => {}, onBack = () => {}, onRefused = () => {}, onClosed = () => {}, maxChars }) {
  let sent = 0;
  let received = 0;
  let heard = performance.now();
  let away = false;
  let closed = false;

  /** Send `text` if the channel takes it: false if it is not open or its buffer is full (send throws then). */
  function put(text) {
    if (channel.readyState !== "open") return false;
    try {
      channel.send(text);
      return true;
    } catch {
      return false;
    }
  }

  const beat = setInterval(() => {
    put("{}"); // a heartbeat: no number, nothing to hand on (one the buffer will not take stops nothing)
    if (!away && performance.now() - heard > AWAY_MS) {
      away = true;
      onAway();
    }
  }, HEARTBEAT_MS);

  function close() {
    if (closed) return;
    closed = true;
    clearInterval(beat);
    onClosed();
  }

  channel.addEventListener("message", ({ data }) => {
    heard = performance.now();
    if (away) {
      away = false;
      onBack();
    }
    if (typeof data !== "string" || data.length > maxChars) return onRefused("size", data?.length ?? data?.byteLength ?? 0);
    let message;
    try {
      message = JSON.parse(data);
    } catch {
      return onRefused("json", data.length);
    }
    if (!message || typeof message !== "object" || Array.isArray(message)) return onRefused("shape", data.length);
    if (!("n" in message)) return undefined; // a heartbeat
    if (message.n !== received + 1) return onRefused("order", data.length);
    received = message.n;
    onMessage(message);
  });
  channel.addEventListener("close", close);
  pc.addEventListener("connectionstatechange", () => ["failed", "closed"].includes(pc.connectionState) && close());

  return {
    /** Send `message` (an object) with the next number, which is returned; 0 if the channel is not open or
     *  will not take it (the number is not used then). */
    send(message) {
      if (!put(JSON.stringify({ ...message, n: sent + 1 }))) return 0;
      return ++sent;
    },
    /** Send `text` as it is, numbered or not: for the automation hook to play a hostile phone. */
    sendText(text) {
      channel.send(text);
    },
    get away() {
      return away;
    },
    close() {
      channel.close();
      pc.close();
      close();
    },
  };
}
