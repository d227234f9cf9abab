// link.js: what linking phones at one table needs, bundled apart from app.js so that it is never on the way to
// "ready": the codes, the peer connection, the numbered messages, the QR codes.

export { BadCode, MAX_CODE_DIGITS } from "./code.js";
export { accept, answer, answeredTwice, joined, offer, opened, OPEN_WITHIN_MS } from "./peer.js";
export { createWire } from "./wire.js";
export { qrOf, startScanner } from "./qr.js";
