// A direct link between two phones at one table: a WebRTC data channel with no ICE servers at all (no STUN,
// no TURN, no signalling server: the offer and the answer travel as codes the phones scan from each other).
// The offer carries the host's candidates; the answer needs none (the host learns the guest from its checks),
// so the guest's code is made at once.

import { decode, encode } from "./code.js";

const GATHER_CAP_MS = 3000; // a slow network interface does not hold the host's code back longer than this
export const OPEN_WITHIN_MS = 10_000; // then the link is given up, said out loud, and the seat played here
export const JOIN_WITHIN_MS = 90_000; // a guest's answer is scanned by the host, and the link opens, within this

const connection = () => new RTCPeerConnection({ iceServers: [] });

function gathered(pc) {
  if (pc.iceGatheringState === "complete") return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => pc.iceGatheringState === "complete" && resolve();
    pc.addEventListener("icegatheringstatechange", done);
    setTimeout(resolve, GATHER_CAP_MS);
  });
}

/** The host's side for one seat: {pc, channel, code}; the code is the offer's digits. */
export async function offer() {
  const pc = connection();
  const channel = pc.createDataChannel("table", { ordered: true });
  await pc.setLocalDescription();
  await gathered(pc);
  return { pc, channel, code: encode(pc.localDescription.sdp, "offer") };
}

/** The host takes the guest's answer (a BadCode if it is not one). */
export async function accept(pc, code) {
  await pc.setRemoteDescription(decode(code, "answer"));
}

/** The guest's side: {pc, channel: a promise of the host's channel, code: the answer's digits}. The guest waits
 *  for the host's DTLS handshake (setup "passive"): the host starts it on the path it chose, to the phone whose
 *  answer it took, so a second phone that answered the same code cannot take the handshake over. */
export async function answer(offerCode) {
  const description = decode(offerCode, "offer");
  const pc = connection();
  const channel = new Promise((resolve) => pc.addEventListener("datachannel", (event) => resolve(event.channel), { once: true }));
  await pc.setRemoteDescription(description);
  const { sdp } = await pc.createAnswer();
  await pc.setLocalDescription({ type: "answer", sdp: sdp.replace(/^a=setup:active\r?$/gm, (line) => line.replace("active", "passive")) });
  return { pc, channel, code: encode(pc.localDescription.sdp, "answer") };
}

/** Resolves when `channel` is open; rejects with "timeout" after OPEN_WITHIN_MS. */
export function opened(channel, within = OPEN_WITHIN_MS) {
  if (channel.readyState === "open") return Promise.resolve(channel);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("timeout")), within);
    channel.addEventListener("open", () => {
      clearTimeout(timer);
      resolve(channel);
    }, { once: true });
  });
}

/** The guest's side once its answer is shown: resolves with the host's channel once it is open; rejects with
 *  "timeout" after `within` (the host never took the answer) or "failed" as soon as the connection fails
 *  (an old code, whose offer the host has let go; another phone's answer taken). */
export function joined(pc, channel, within = JOIN_WITHIN_MS) {
  return new Promise((resolve, reject) => {
    let timer = setTimeout(() => reject(new Error("timeout")), within);
    const failed = () => {
      if (["failed", "closed"].includes(pc.connectionState) || pc.iceConnectionState === "failed") {
        clearTimeout(timer);
        reject(new Error("failed"));
      } else if (["connected", "completed"].includes(pc.iceConnectionState)) { // the host hears this phone: the
        clearTimeout(timer); // handshake follows at once, unless the host took another phone's answer
        timer = setTimeout(() => reject(new Error("failed")), OPEN_WITHIN_MS);
      }
    };
    pc.addEventListener("connectionstatechange", failed);
    pc.addEventListener("iceconnectionstatechange", failed);
    channel.then((opened) => opened.readyState === "open" ? opened : new Promise((open) => {
      opened.addEventListener("open", () => open(opened), { once: true });
    })).then((opened) => {
      clearTimeout(timer);
      resolve(opened);
    });
  });
}

/** Whether a phone other than the one whose answer `pc` took has been checking the link (it answered the same
 *  code: both know the offer's credentials, so the host answers its checks too). Seen by the host's remote
 *  candidates: those of another phone carry no username fragment, or another one than the answer taken. */
export async function answeredTwice(pc) {
  const taken = pc.remoteDescription?.sdp.match(/a=ice-ufrag:(\S+)/)?.[1];
  const stats = await pc.getStats();
  return [...stats.values()].some((entry) => entry.type === "remote-candidate" && entry.usernameFragment !== taken);
}
