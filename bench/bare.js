// The benchmark's reference: the same Pyodide, booted the same way, in a module
// worker that then only echoes messages back.
const worker = new Worker(new URL("./bare-worker.mjs", import.meta.url), { type: "module" });
let answer = null;
window.bareReady = new Promise((resolve) => {
  worker.onmessage = ({ data }) => {
    if (data === "ready") {
      performance.mark("bare-ready");
      resolve();
    } else answer(data);
  };
});
window.echo = (message) =>
  new Promise((resolve) => {
    answer = resolve;
    worker.postMessage(message);
  });
