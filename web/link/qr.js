// QR codes: drawn with qrcode-generator, read with qr-scanner (the browser's BarcodeDetector where there is
// one, its own decoder in a worker elsewhere). Both come from npm, pinned, and ship only in link.js, which is
// fetched when a table is linked (or cached for offline after the start), never before "ready".

import qrcode from "qrcode-generator";
import QrScanner from "qr-scanner";

const QUIET_ZONE = 4; // modules of white around the code, as readers expect

/** The QR code of `prefix` (bytes: the site's address and "#j") followed by `digits` (numeric mode), at error
 *  correction M; {version, modules: size, draw(canvas)}. */
export function qrOf(prefix, digits) {
  const qr = qrcode(0, "M");
  if (prefix) qr.addData(prefix, "Byte");
  qr.addData(digits, "Numeric");
  qr.make();
  const modules = qr.getModuleCount();
  return {
    version: (modules - 17) / 4,
    modules,
    /** Draw the code filling `canvas` (its CSS size decides the pixels). */
    draw(canvas) {
      const side = canvas.clientWidth || 240;
      const ratio = window.devicePixelRatio || 1;
      const total = modules + 2 * QUIET_ZONE;
      const cell = Math.floor((side * ratio) / total) || 1;
      canvas.width = canvas.height = cell * total;
      const ctx = canvas.getContext("2d");
      ctx.fillStyle = "#fff";
      ctx.fillRect(0, 0, canvas.width, canvas.height);
      ctx.fillStyle = "#000";
      for (let row = 0; row < modules; row++) {
        for (let col = 0; col < modules; col++) {
          if (qr.isDark(row, col)) ctx.fillRect((col + QUIET_ZONE) * cell, (row + QUIET_ZONE) * cell, cell, cell);
        }
      }
    },
  };
}

/** Read QR codes through the camera into `video` until `stop()`: `onText(text)` for each one read. Resolves
 *  once the camera runs; rejects if there is none or it is refused. */
export async function startScanner(video, onText) {
  const scanner = new QrScanner(video, (found) => onText(found.data), {
    returnDetailedScanResult: true, preferredCamera: "environment", maxScansPerSecond: 10,
  });
  await scanner.start();
  return { stop: () => scanner.destroy() };
}
