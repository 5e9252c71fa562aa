/**
 * Runs one Python program in a fresh pyodide interpreter on a worker thread
 * (never reused: one interpreter per run, the next one loading while idle):
 * no network, no host file system (the input files are copied into the
 * interpreter's in-memory /mnt/data), a wall-clock CPU limit (the thread is
 * terminated), a memory limit (WebAssembly growth capped in the worker, the
 * JavaScript heap by Worker resourceLimits) and output caps. Only Python's
 * standard library is available: pyodide's packages are never downloaded.
 */
import { createRequire } from "node:module";
import { dirname } from "node:path";
import { Worker } from "node:worker_threads";

const require = createRequire(import.meta.url);
/** pyodide.asm.wasm and python_stdlib.zip ship in the npm package: nothing is fetched at run time. */
const PYODIDE_INDEX_URL = `${dirname(require.resolve("pyodide/package.json"))}/`;
const WORKER_URL = new URL("./sandboxWorker.mjs", import.meta.url);

export const SANDBOX_DATA_DIR = "/mnt/data";
/** Loading the interpreter takes ~2 s on these machines; far slower means something is wrong. */
const STARTUP_TIMEOUT_MS = 60_000;

export interface SandboxLimits {
  /** Wall-clock seconds the program may run once the interpreter is up. */
  timeoutSeconds: number;
  /** Megabytes of WebAssembly memory (Python's heap) and, separately, of JavaScript heap. */
  memoryMb: number;
  maxOutputBytes: number;
  maxFiles: number;
  maxFileBytes: number;
  maxTotalFileBytes: number;
}

export const DEFAULT_LIMITS: SandboxLimits = {
  timeoutSeconds: 30,
  memoryMb: 512,
  maxOutputBytes: 64 * 1024,
  maxFiles: 20,
  maxFileBytes: 10 * 1024 * 1024,
  maxTotalFileBytes: 20 * 1024 * 1024,
};

export interface SandboxInputFile {
  /** A plain file name (no folders), already made safe. */
  name: string;
  bytes: Buffer;
}

export interface SandboxFile {
  /** Relative to /mnt/data. */
  path: string;
  bytes: Buffer;
}

export type SandboxOutcome = "ok" | "error" | "timeout" | "memory" | "crashed" | "aborted";

export interface SandboxResult {
  outcome: SandboxOutcome;
  /** stdout and stderr interleaved as printed, within maxOutputBytes. */
  output: string;
  /** The Python traceback or the reason the run was stopped. */
  error: string | null;
  files: SandboxFile[];
  /** Files left out because of the file caps. */
  filesTruncated: boolean;
  durationMs: number;
}

export interface RunPythonOptions {
  code: string;
  files?: readonly SandboxInputFile[];
  limits?: Partial<SandboxLimits>;
  /** Called with each printed chunk as it happens. */
  onOutput?: (text: string) => void;
  signal?: AbortSignal;
}

type WorkerMessage =
  | { type: "ready" }
  | { type: "started" }
  | { type: "output"; stream: "stdout" | "stderr"; text: string }
  | {
      type: "done";
      ok: boolean;
      error: string | null;
      files: { path: string; bytes: Uint8Array }[];
      filesTruncated: boolean;
    };

export function timeoutMessage(seconds: number): string {
  return `The program was stopped: it ran longer than the ${seconds} s time limit.`;
}

export function memoryMessage(megabytes: number): string {
  return `The program was stopped: it used more than the ${megabytes} MB memory limit.`;
}

/**
 * Runs at most this many interpreters at once (each may take its memory limit twice over: WebAssembly
 * plus JavaScript heap); later runs wait their turn, so a burst of questions cannot exhaust the host.
 */
const MAX_CONCURRENT_RUNS = 2;
let running = 0;
const waiting: (() => void)[] = [];

async function withRunSlot<T>(run: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT_RUNS) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await run();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

export function runPython(options: RunPythonOptions): Promise<SandboxResult> {
  return withRunSlot(() => runInWorker(options));
}

interface WarmWorker {
  worker: Worker;
  dead: boolean;
}

/** One interpreter loading ahead of need per set of limits: a run skips most of pyodide's start-up. */
const spares = new Map<string, WarmWorker>();

function spawn(limits: SandboxLimits): WarmWorker {
  const worker = new Worker(WORKER_URL, {
    workerData: {
      indexURL: PYODIDE_INDEX_URL,
      limits: {
        memoryBytes: limits.memoryMb * 1024 * 1024,
        maxOutputBytes: limits.maxOutputBytes,
        maxFiles: limits.maxFiles,
        maxFileBytes: limits.maxFileBytes,
        maxTotalFileBytes: limits.maxTotalFileBytes,
        dataDir: SANDBOX_DATA_DIR,
      },
    },
    // The server's environment (model keys, secrets) never reaches the sandbox.
    env: {},
    stdout: true,
    stderr: true,
    resourceLimits: { maxOldGenerationSizeMb: limits.memoryMb, maxYoungGenerationSizeMb: 32, stackSizeMb: 8 },
  });
  // The interpreter's own console noise is dropped, not piled up unread or mixed into the server log.
  worker.stdout.resume();
  worker.stderr.resume();
  const warm: WarmWorker = { worker, dead: false };
  const die = () => {
    warm.dead = true;
  };
  worker.on("error", die);
  worker.on("exit", die);
  return warm;
}

function takeWorker(limits: SandboxLimits): Worker {
  const key = JSON.stringify(limits);
  const spare = spares.get(key);
  spares.delete(key);
  const warm = spare && !spare.dead ? spare : spawn(limits);
  warm.worker.ref();
  return warm.worker;
}

/** Starts the next interpreter for these limits once a run is over (not during it: they share the CPU). */
function prepareSpare(limits: SandboxLimits): void {
  const key = JSON.stringify(limits);
  if (spares.has(key)) return;
  const warm = spawn(limits);
  // An idle spare never keeps the process alive.
  warm.worker.unref();
  spares.set(key, warm);
}

function runInWorker(options: RunPythonOptions): Promise<SandboxResult> {
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  const startedAt = Date.now();
  return new Promise((resolve) => {
    let output = "";
    let settled = false;
    let timer: NodeJS.Timeout | undefined;
    const files = (options.files ?? []).map((f) => ({ name: f.name, bytes: new Uint8Array(f.bytes) }));
    const worker = takeWorker(limits);
    const finish = (result: Omit<SandboxResult, "output" | "durationMs">) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener("abort", onAbort);
      void worker.terminate();
      prepareSpare(limits);
      resolve({ ...result, output, durationMs: Date.now() - startedAt });
    };
    const stop = (outcome: SandboxOutcome, error: string) => finish({ outcome, error, files: [], filesTruncated: false });
    const onAbort = () => stop("aborted", "The run was cancelled.");
    options.signal?.addEventListener("abort", onAbort, { once: true });
    if (options.signal?.aborted) onAbort();
    timer = setTimeout(() => stop("crashed", "The Python interpreter did not start in time."), STARTUP_TIMEOUT_MS);

    worker.on("message", (message: WorkerMessage) => {
      if (message.type === "started") {
        clearTimeout(timer);
        timer = setTimeout(() => stop("timeout", timeoutMessage(limits.timeoutSeconds)), limits.timeoutSeconds * 1000);
      } else if (message.type === "output") {
        output += message.text;
        options.onOutput?.(message.text);
      } else if (message.type === "done") {
        const memory = message.error?.includes("MemoryError") ?? false;
        finish({
          outcome: message.ok ? "ok" : memory ? "memory" : "error",
          error: memory ? `${memoryMessage(limits.memoryMb)}\n${message.error}` : message.error,
          files: message.files.map((f) => ({ path: f.path, bytes: Buffer.from(f.bytes.buffer, f.bytes.byteOffset, f.bytes.byteLength) })),
          filesTruncated: message.filesTruncated,
        });
      }
    });
    worker.on("error", (error: Error & { code?: string }) => {
      if (error.code === "ERR_WORKER_OUT_OF_MEMORY") stop("memory", memoryMessage(limits.memoryMb));
      else stop("crashed", `The Python interpreter failed: ${error.message}`);
    });
    worker.on("exit", () => stop("crashed", "The Python interpreter stopped unexpectedly."));
    worker.postMessage(
      { type: "run", code: options.code, files },
      files.map((f) => f.bytes.buffer as ArrayBuffer),
    );
  });
}
