/**
 * One Python run in a fresh pyodide interpreter (worker_threads). The parent
 * passes { indexURL, limits } as workerData, so the interpreter can load before
 * there is work; then one message { type: "run", code, files }. It enforces the
 * wall-clock limit by terminating this thread, and receives:
 *   { type: "ready" }                                       once the interpreter is loaded,
 *   { type: "output", stream: "stdout" | "stderr", text }  as the program prints,
 *   { type: "started" }                                     when user code begins,
 *   { type: "done", ok, error, files: [{ path, bytes }], truncated }.
 */
import { parentPort, workerData } from "node:worker_threads";
import { lockDown, removeNetworkGlobals } from "./sandboxLockdown.mjs";

const { indexURL, limits } = workerData;
const port = parentPort;
const post = port.postMessage.bind(port);
// Listening at once: the job may arrive while the interpreter is still loading.
const job = new Promise((resolve) => port.once("message", resolve));
const WASM_PAGE = 65536;

// Python's heap lives in WebAssembly memory, which Worker resourceLimits do not count: growth past the
// limit fails inside malloc, so the program gets a MemoryError instead of taking the host down.
const grow = WebAssembly.Memory.prototype.grow;
WebAssembly.Memory.prototype.grow = function growWithinLimit(delta) {
  if (this.buffer.byteLength + delta * WASM_PAGE > limits.memoryBytes) throw new RangeError("sandbox memory limit reached");
  return grow.call(this, delta);
};

removeNetworkGlobals();
const { loadPyodide } = await import("pyodide");

let outputBytes = 0;
let outputTruncated = false;
function output(stream) {
  return (text) => {
    if (outputTruncated) return;
    const line = `${text}\n`;
    outputBytes += Buffer.byteLength(line);
    if (outputBytes > limits.maxOutputBytes) {
      outputTruncated = true;
      post({ type: "output", stream, text: `[output truncated at ${limits.maxOutputBytes} bytes]\n` });
      return;
    }
    post({ type: "output", stream, text: line });
  };
}

// `import js` sees only this object, not the thread's global (pyodide's jsglobals option).
const jsGlobals = Object.freeze({ setTimeout, clearTimeout, Object, Array, JSON, Math, Date });

const pyodide = await loadPyodide({
  indexURL,
  jsglobals: jsGlobals,
  stdout: output("stdout"),
  stderr: output("stderr"),
  env: { HOME: "/mnt/data" },
  checkAPIVersion: true,
});

post({ type: "ready" });
const { code, files } = await job;
pyodide.FS.mkdirTree(limits.dataDir);
const inputs = new Map();
for (const file of files) {
  const path = `${limits.dataDir}/${file.name}`;
  const bytes = new Uint8Array(file.bytes);
  pyodide.FS.writeFile(path, bytes);
  inputs.set(path, bytes);
}
pyodide.FS.chdir(limits.dataDir);
lockDown(pyodide);

function sameBytes(a, b) {
  return a.length === b.length && a.every((value, i) => value === b[i]);
}

/** Every file under the data folder that the program created or changed. */
function collectFiles() {
  const found = [];
  let total = 0;
  let truncated = false;
  const walk = (dir) => {
    for (const name of pyodide.FS.readdir(dir)) {
      if (name === "." || name === "..") continue;
      const path = `${dir}/${name}`;
      const stat = pyodide.FS.stat(path);
      if (pyodide.FS.isDir(stat.mode)) walk(path);
      else if (pyodide.FS.isFile(stat.mode)) {
        const bytes = pyodide.FS.readFile(path);
        const input = inputs.get(path);
        if (input && sameBytes(input, bytes)) continue;
        if (found.length >= limits.maxFiles || bytes.length > limits.maxFileBytes || total + bytes.length > limits.maxTotalFileBytes) {
          truncated = true;
          continue;
        }
        total += bytes.length;
        found.push({ path: path.slice(limits.dataDir.length + 1), bytes });
      }
    }
  };
  walk(limits.dataDir);
  return { found, truncated };
}

post({ type: "started" });
let ok = true;
let error = null;
try {
  const result = pyodide.runPython(code);
  if (result !== undefined && result !== null) {
    const text = typeof result === "object" && typeof result.toString === "function" ? result.toString() : String(result);
    output("stdout")(text);
    if (typeof result.destroy === "function") result.destroy();
  }
} catch (e) {
  ok = false;
  error = e instanceof Error ? e.message : String(e);
}
const collected = collectFiles();
post(
  { type: "done", ok, error, files: collected.found, filesTruncated: collected.truncated, outputTruncated },
  collected.found.map((f) => f.bytes.buffer),
);
