// Drawing dice on canvas (FOR-GET-IT's number dice, DICEWORDS's letter dice)
// and the short tumble when they are rolled. Purely visual: which face a die
// shows, and what it is worth, always comes from the engine.

const PIPS = {
  1: [[0.5, 0.5]],
  2: [[0.27, 0.27], [0.73, 0.73]],
  3: [[0.25, 0.25], [0.5, 0.5], [0.75, 0.75]],
  4: [[0.27, 0.27], [0.73, 0.27], [0.27, 0.73], [0.73, 0.73]],
  5: [[0.25, 0.25], [0.75, 0.25], [0.5, 0.5], [0.25, 0.75], [0.75, 0.75]],
};
// Distinct in hue and lightness; the syllable is always written, so colour is never the only cue.
const SYLLABLE_COLOURS = { FOR: "#b3261e", GET: "#0b57a4", IT: "#1e6b2f" };
const NUMBER_TUMBLE = [1, "FOR", 4, 2, "GET", 5, 3, "IT", 6];
// Letter dice by the engine's colour names: body and ink. Every DICEWORDS face also
// carries the die's identifier letter, so telling dice apart never needs colour.
export const LETTER_DIE_COLOURS = {
  gold: ["#d9a521", "#1f1f1f"],
  dunkelblau: ["#1d3577", "#ffffff"],
  orange: ["#ec7c26", "#1f1f1f"],
  lila: ["#7b4fa0", "#ffffff"],
  hellblau: ["#8fd0f0", "#1f1f1f"],
  braun: ["#74461f", "#ffffff"],
  gruen: ["#2b7a4b", "#ffffff"],
  rot: ["#c0392b", "#ffffff"],
  schwarz: ["#202020", "#ffffff"],
  silber: ["#c4c7cc", "#1f1f1f"],
  // Frigiti: vowel and consonant dice
  vokal: ["#f2c14e", "#1f1f1f"],
  konsonant: ["#fffdf6", "#1f1f1f"],
};

export function dieCanvas() {
  const canvas = document.createElement("canvas");
  canvas.setAttribute("aria-hidden", "true");
  return canvas;
}

/** `count` die canvases in place of what `picture` (a menu card's picture) held, to draw on. */
export function dieRow(picture, count) {
  const canvases = Array.from({ length: count }, dieCanvas);
  picture.classList.remove("table");
  picture.replaceChildren(...canvases);
  return canvases;
}

// What each die canvas shows, at its size: a die asked to show it again is left as it is. A canvas drawn anew
// costs its backing store a fresh image, and a screen redraws its dice on every change of the game.
const shown = new WeakMap();

/** True if `canvas` already shows `look` at its present size; else notes it as what it will show. */
function alreadyShows(canvas, look) {
  const key = JSON.stringify([look, canvas.clientWidth, window.devicePixelRatio]);
  if (shown.get(canvas) === key) return true;
  shown.set(canvas, key);
  return false;
}

/** Size the canvas for the screen and draw a rounded die body; returns what to draw the face with. */
function body(canvas, { fill, tilt = 0, faded = false }) {
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
  ctx.fillStyle = fill;
  ctx.strokeStyle = "#3b3b3b";
  ctx.lineWidth = Math.max(1, size / 28);
  ctx.beginPath();
  ctx.roundRect(inset, inset, side, side, size * 0.16);
  ctx.fill();
  ctx.stroke();
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  return { ctx, size, inset, side };
}

function text(ctx, value, x, y, px, colour, weight = "bold") {
  ctx.fillStyle = colour;
  ctx.font = `${weight} ${Math.round(px)}px system-ui, sans-serif`;
  ctx.fillText(value, x, y);
}

// The tumble painting each canvas: a die drawn at rest by its screen ends it there (a screen keeps its dice's
// canvases from one drawing to the next, so a tumble still running must not paint over the newer face).
const tumbling = new WeakMap();

/** A FOR-GET-IT die: pips for 1 to 5, the syllable written in its colour. A number face also shows, small
 *  at its foot, the syllable its die carries (`kind`), as a real die shows it on a side: which dice stay in
 *  hand decides which syllables can still fall. */
export function drawDie(canvas, face, look = {}) {
  tumbling.delete(canvas);
  paintDie(canvas, face, look);
}

function paintDie(canvas, face, { tilt = 0, faded = false, kind = null } = {}) {
  if (alreadyShows(canvas, [face, tilt, faded, kind])) return;
  const { ctx, size, inset, side } = body(canvas, { fill: "#fffdf6", tilt, faded });
  if (typeof face === "number" && PIPS[face]) {
    const squeeze = kind ? 0.84 : 1; // the pips move up to leave the foot to the syllable
    ctx.fillStyle = "#1f1f1f";
    for (const [x, y] of PIPS[face]) {
      ctx.beginPath();
      ctx.arc(inset + x * side, inset + y * squeeze * side, side * 0.09, 0, 2 * Math.PI);
      ctx.fill();
    }
    if (kind) text(ctx, kind, size / 2, inset + side * 0.88, side * 0.21, SYLLABLE_COLOURS[kind], "700");
  } else if (typeof face === "string") {
    const px = side * (face.length > 2 ? 0.36 : 0.46);
    text(ctx, face, size / 2, size / 2 + side * 0.02, px, SYLLABLE_COLOURS[face] || "#1f1f1f");
  }
  ctx.restore();
}

/** A DICEWORDS die: its colour, the letter, the identifier letter top left, the value bottom right. */
export function drawLetterDie(canvas, die, look = {}) {
  tumbling.delete(canvas);
  paintLetterDie(canvas, die, look);
}

function paintLetterDie(canvas, { colour, mark, face, value }, { tilt = 0, faded = false } = {}) {
  if (alreadyShows(canvas, [colour, mark, face, value, tilt, faded])) return;
  const [fill, ink] = LETTER_DIE_COLOURS[colour] || ["#fffdf6", "#1f1f1f"];
  const { ctx, size, inset, side } = body(canvas, { fill, tilt, faded });
  if (face) text(ctx, face, size / 2, size / 2 + side * 0.03, side * 0.5, ink);
  text(ctx, mark, inset + side * 0.18, inset + side * 0.18, side * 0.2, ink, "600");
  if (value !== null && value !== undefined) {
    text(ctx, String(value), inset + side * 0.8, inset + side * 0.82, side * 0.2, ink, "600");
  }
  ctx.restore();
}

const reducedMotion = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;

/** Tumble the canvases through passing faces, then settle: paint(canvas, i, step, tilt), step null at rest. */
function tumble(canvases, paint, duration = 420) {
  if (reducedMotion() || canvases.length === 0) {
    canvases.forEach((canvas, i) => paint(canvas, i, null, 0));
    return Promise.resolve();
  }
  const tumble = Symbol("tumble");
  canvases.forEach((canvas) => tumbling.set(canvas, tumble));
  return new Promise((resolve) => {
    const start = performance.now();
    function frame(now) {
      const step = Math.floor((now - start) / 70);
      const done = now - start >= duration;
      canvases.forEach((canvas, i) => {
        if (tumbling.get(canvas) === tumble) paint(canvas, i, done ? null : step, done ? 0 : Math.sin(step + i) * 0.35);
      });
      if (done) resolve();
      else requestAnimationFrame(frame);
    }
    requestAnimationFrame(frame);
  });
}

/** Roll FOR-GET-IT dice onto `faces`; `kinds` (or none) the syllables the dice carry. */
export function animateRoll(canvases, faces, kinds = []) {
  return tumble(canvases, (canvas, i, step, tilt) => {
    const passing = step === null ? 6 : NUMBER_TUMBLE[(step + i * 2) % NUMBER_TUMBLE.length];
    const shown = passing === 6 ? faces[i] : typeof passing === "string" && kinds[i] ? kinds[i] : passing;
    paintDie(canvas, shown, { tilt, kind: kinds[i] }); // a die tumbles through its own syllable only
  });
}

/** Roll DICEWORDS dice onto what `dice` show; a tumbling die passes through its own faces. */
export function animateLetterRoll(canvases, dice, faceLists) {
  return tumble(canvases, (canvas, i, step, tilt) => {
    const passing = step === null ? dice[i] : { ...dice[i], ...faceLists[i][(step + i) % faceLists[i].length] };
    paintLetterDie(canvas, passing, { tilt });
  });
}
