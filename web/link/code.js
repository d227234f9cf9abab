// The codes two phones exchange to link: a WebRTC offer or answer cut down to what a data channel needs (ICE
// credentials, the DTLS fingerprint, the host's UDP candidates), written as digits. Digits are a QR code's
// numeric mode (3.3 bits a character, as dense as base45) and need no escaping after a URL's "#", so the
// host's QR code is the site's own address: a phone's camera app opens Wortwurf straight into joining.
//
// Bytes: [0] version << 4 | type << 2 | setup; ufrag and pwd, each its length and ASCII; 32 bytes of the
// SHA-256 fingerprint; the count of candidates, each a kind (0 IPv4, 1 IPv6, 2 mDNS name) with 4, 16 or 16
// bytes of address and 2 of port. Everything else in the SDP is the same in every data-channel session, and
// is written back from a template.

const VERSION = 1;
const TYPES = ["offer", "answer"];
const SETUPS = ["actpass", "active", "passive"];
const KINDS = { ipv4: 0, ipv6: 1, mdns: 2 };
const CHUNK_BYTES = 7; // 56 bits -> 17 digits (10^17 > 2^56): 99 % of the numeric mode's density
const CHUNK_DIGITS = 17;
const LAST_DIGITS = [0, 3, 5, 8, 10, 13, 15]; // digits that hold a last, shorter chunk of 0..6 bytes
export const MAX_CODE_DIGITS = 600; // a real code is under 300; anything longer is not one of ours

/** A code was not one of ours (mistyped, cut short, another app's QR code). */
export class BadCode extends Error {
  name = "BadCode";
}

// --- SDP <-> the fields kept ------------------------------------------------------------------------------

/** The fields of a data channel's SDP that a link needs: {type, setup, ufrag, pwd, fingerprint: bytes,
 *  candidates: [{address, port}]} (UDP host candidates of component 1 only). */
export function parseSdp(sdp, type) {
  const lines = sdp.split(/\r?\n/);
  const value = (prefix) => lines.find((line) => line.startsWith(prefix))?.slice(prefix.length).trim() ?? null;
  const fingerprint = value("a=fingerprint:sha-256 ");
  const candidates = [];
  for (const line of lines.filter((l) => l.startsWith("a=candidate:"))) {
    const [, component, protocol, , address, port, , kind] = line.slice("a=candidate:".length).split(" ");
    if (component === "1" && protocol.toLowerCase() === "udp" && kind === "host") candidates.push({ address, port: Number(port) });
  }
  if (!fingerprint) throw new BadCode("no SHA-256 fingerprint");
  return {
    type, setup: value("a=setup:"), ufrag: value("a=ice-ufrag:"), pwd: value("a=ice-pwd:"),
    fingerprint: Uint8Array.from(fingerprint.split(":"), (byte) => parseInt(byte, 16)), candidates,
  };
}

/** The SDP a browser accepts for the fields kept. */
export function buildSdp(link) {
  const hex = [...link.fingerprint].map((byte) => byte.toString(16).padStart(2, "0").toUpperCase()).join(":");
  const lines = [
    "v=0", `o=- ${Date.now()} 2 IN IP4 127.0.0.1`, "s=-", "t=0 0", "a=group:BUNDLE 0", "a=msid-semantic: WMS",
    "m=application 9 UDP/DTLS/SCTP webrtc-datachannel", "c=IN IP4 0.0.0.0",
    ...link.candidates.map(({ address, port }, i) => `a=candidate:${i + 1} 1 udp ${2122260223 - i} ${address} ${port} typ host generation 0`),
    `a=ice-ufrag:${link.ufrag}`, `a=ice-pwd:${link.pwd}`, `a=fingerprint:sha-256 ${hex}`, `a=setup:${link.setup}`,
    "a=mid:0", "a=sctp-port:5000", "a=max-message-size:262144",
  ];
  return `${lines.join("\r\n")}\r\n`;
}

// --- the fields <-> bytes -----------------------------------------------------------------------------------

const kindOf = (address) => (address.endsWith(".local") ? KINDS.mdns : address.includes(":") ? KINDS.ipv6 : KINDS.ipv4);

function ipv6Bytes(address) {
  const [head, tail] = address.includes("::") ? address.split("::") : [address, null];
  const first = head ? head.split(":") : [];
  const last = tail ? tail.split(":") : [];
  const groups = tail === null ? first : [...first, ...Array(8 - first.length - last.length).fill("0"), ...last];
  return groups.flatMap((group) => [parseInt(group, 16) >> 8, parseInt(group, 16) & 255]);
}

function addressBytes(address) {
  const kind = kindOf(address);
  if (kind === KINDS.ipv4) return address.split(".").map(Number);
  if (kind === KINDS.ipv6) return ipv6Bytes(address);
  const hex = address.slice(0, -".local".length).replaceAll("-", "");
  return Array.from({ length: 16 }, (_, i) => parseInt(hex.slice(2 * i, 2 * i + 2), 16));
}

function addressText(kind, bytes) {
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, "0")).join("");
  if (kind === KINDS.ipv4) return bytes.join(".");
  if (kind === KINDS.ipv6) return Array.from({ length: 8 }, (_, i) => ((bytes[2 * i] << 8) | bytes[2 * i + 1]).toString(16)).join(":");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}.local`;
}

const ADDRESS_BYTES = { [KINDS.ipv4]: 4, [KINDS.ipv6]: 16, [KINDS.mdns]: 16 };

export function toBytes(link) {
  const ascii = (text) => [text.length, ...[...text].map((c) => c.charCodeAt(0))];
  const usable = link.candidates.filter(({ address }) => kindOf(address) !== KINDS.mdns || /^[0-9a-f-]{36}\.local$/.test(address));
  return Uint8Array.from([
    (VERSION << 4) | (TYPES.indexOf(link.type) << 2) | Math.max(0, SETUPS.indexOf(link.setup)),
    ...ascii(link.ufrag), ...ascii(link.pwd), ...link.fingerprint, usable.length,
    ...usable.flatMap(({ address, port }) => [kindOf(address), ...addressBytes(address), port >> 8, port & 255]),
  ]);
}

export function fromBytes(bytes) {
  let at = 0;
  const take = (count) => {
    if (at + count > bytes.length) throw new BadCode("cut short");
    at += count;
    return bytes.subarray(at - count, at);
  };
  const [head] = take(1);
  if (head >> 4 !== VERSION || ((head >> 2) & 3) >= TYPES.length || (head & 3) >= SETUPS.length) throw new BadCode("not a link code");
  const text = () => String.fromCharCode(...take(take(1)[0]));
  const link = { type: TYPES[(head >> 2) & 3], setup: SETUPS[head & 3], ufrag: text(), pwd: text() };
  link.fingerprint = Uint8Array.from(take(32));
  link.candidates = Array.from({ length: take(1)[0] }, () => {
    const [kind] = take(1);
    if (!(kind in ADDRESS_BYTES)) throw new BadCode("unknown address kind");
    const address = addressText(kind, take(ADDRESS_BYTES[kind]));
    const [high, low] = take(2);
    return { address, port: (high << 8) | low };
  });
  if (at !== bytes.length || !/^[\x21-\x7e]{4,256}$/.test(link.ufrag + link.pwd)) throw new BadCode("not a link code");
  return link;
}

// --- bytes <-> digits ---------------------------------------------------------------------------------------

export function toDigits(bytes) {
  let digits = "";
  for (let at = 0; at < bytes.length; at += CHUNK_BYTES) {
    const chunk = bytes.subarray(at, at + CHUNK_BYTES);
    const value = chunk.reduce((sum, byte) => (sum << 8n) | BigInt(byte), 0n);
    digits += value.toString().padStart(chunk.length === CHUNK_BYTES ? CHUNK_DIGITS : LAST_DIGITS[chunk.length], "0");
  }
  return digits;
}

export function fromDigits(digits) {
  const rest = digits.length % CHUNK_DIGITS;
  const lastBytes = LAST_DIGITS.indexOf(rest);
  if (!/^\d*$/.test(digits) || digits.length > MAX_CODE_DIGITS || lastBytes < 0) throw new BadCode("not a link code");
  const bytes = [];
  for (let at = 0; at < digits.length; at += CHUNK_DIGITS) {
    const part = digits.slice(at, at + CHUNK_DIGITS);
    const count = part.length === CHUNK_DIGITS ? CHUNK_BYTES : lastBytes;
    let value = BigInt(part);
    if (value >= 1n << BigInt(8 * count)) throw new BadCode("not a link code");
    const chunk = [];
    for (let i = 0; i < count; i++, value >>= 8n) chunk.unshift(Number(value & 255n));
    bytes.push(...chunk);
  }
  return Uint8Array.from(bytes);
}

/** A session description as the digits of its code. */
export const encode = (sdp, type) => toDigits(toBytes(parseSdp(sdp, type)));

/** The session description ({type, sdp}) a code stands for; BadCode if it is not one of ours, or not of `type`. */
export function decode(digits, type) {
  const link = fromBytes(fromDigits(digits.replace(/\s+/g, "")));
  if (link.type !== type) throw new BadCode(`not an ${type}`);
  return { type, sdp: buildSdp(link) };
}
