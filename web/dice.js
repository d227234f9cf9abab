// Drawing FOR-GET-IT dice on canvas, and the short tumble when they are rolled.
// Purely visual: which face a die shows always comes from the engine.

const PIPS = {
  1: [[0.5, 0.5]],
  2: [[0.27, 0.27], [0.73, 0.73]],
  3: [[0.25, 0.25], [0.5, 0.5], [0.75, 0.75]],
  4: [[0.27, 0.27], [0.73, 0.27], [0.27, 0.73], [0.73, 0.73]],
  5: [[0.25, 0.25], [0.75, 0.25], [0.5, 0.5], [0.25, 0.75], [0.75, 0.75]],
};
// Distinct in hue and lightness; the syllable is always written, so colour is never the only cue.
const SYLLABLE_COLOURS = { FOR: "#b3261e", GET: "#0b57a4", IT: "#1e6b2f" };
const TUMBLE = [1, "FOR", 4, 2, "GET", 5, 3, "IT", 6];

export function dieCanvas() {
  const canvas = document.createElement("canvas");
  canvas.setAttribute("aria-hidden", "true");
  return canvas;
}

export function drawDie(canvas, face, { tilt = 0, faded = false } = {}) {
  const size = canvas.clientWidth || 56;
  const ratio = window.devicePixelRatio || 1;
  if (canvas.width !== Math.round(size * ratio)) {
    canvas.width = Math.round(size * ratio);
    canvas.height = Math.round(size * ratio);
  }
  const ctx = canvas.getContext("2d");
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  ctx.clearRect(0, 0, size, size);
  ctx.save();
  ctx.translate(size / 2, size / 2);
  ctx.rotate(tilt);
  ctx.translate(-size / 2, -size / 2);
  ctx.globalAlpha = faded ? 0.45 : 1;
  const inset = size * 0.06;
  const side = size - 2 * inset;
  ctx.fillStyle = "#fffdf6";
  ctx.strokeStyle = "#3b3b3b";
  ctx.lineWidth = Math.max(1, size / 28);
  ctx.beginPath();
  ctx.roundRect(inset, inset, side, side, size * 0.16);
  ctx.fill();
  ctx.stroke();
  if (typeof face === "number" && PIPS[face]) {
    ctx.fillStyle = "#1f1f1f";
    for (const [x, y] of PIPS[face]) {
      ctx.beginPath();
      ctx.arc(inset + x * side, inset + y * side, side * 0.09, 0, 2 * Math.PI);
      ctx.fill();
    }
  } else if (typeof face === "string") {
    ctx.fillStyle = SYLLABLE_COLOURS[face] || "#1f1f1f";
    ctx.font = `bold ${Math.round(side * (face.length > 2 ? 0.36 : 0.46))}px system-ui, sans-serif`;
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    ctx.fillText(face, size / 2, size / 2 + side * 0.02);
  }
  ctx.restore();
}

const reducedMotion = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;

/** Tumble the canvases through a few faces, then settle on the engine's faces. */
export function animateRoll(canvases, faces, duration = 420) {
  if (reducedMotion() || canvases.length === 0) {
    canvases.forEach((canvas, i) => drawDie(canvas, faces[i]));
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    const start = performance.now();
    function frame(now) {
      const step = Math.floor((now - start) / 70);
      if (now - start >= duration) {
        canvases.forEach((canvas, i) => drawDie(canvas, faces[i]));
        resolve();
        return;
      }
      canvases.forEach((canvas, i) => {
        const tumble = TUMBLE[(step + i * 2) % TUMBLE.length];
        drawDie(canvas, tumble === 6 ? faces[i] : tumble, { tilt: Math.sin(step + i) * 0.35 });
      });
      requestAnimationFrame(frame);
    }
    requestAnimationFrame(frame);
  });
}
