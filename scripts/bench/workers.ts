/**
 * Worker threads for the benchmarks. tsx's loader is not inherited by workers,
 * so each worker registers it before importing its TypeScript entry; a tiny
 * request/response protocol (`call`) runs jobs in a worker.
 */
import { Worker } from "node:worker_threads";

const tsxApi = import.meta.resolve("tsx/esm/api");

/** Starts `entry` (a .ts file) in a worker thread with `workerData`. */
export function startTsWorker(entry: URL, workerData: unknown): Worker {
  const code = `import { register } from ${JSON.stringify(tsxApi)}; register(); await import(${JSON.stringify(entry.href)});`;
  return new Worker(code, { eval: true, workerData });
}

export interface WorkerMessage {
  id?: number;
  type: string;
  [key: string]: unknown;
}

let nextId = 1;

/** Posts `{ ...message, id }` and resolves with the worker's reply carrying the same id. */
export function call<T extends WorkerMessage>(worker: Worker, message: WorkerMessage): Promise<T> {
  const id = nextId++;
  return new Promise<T>((resolve, reject) => {
    const onMessage = (reply: WorkerMessage) => {
      if (reply.id !== id) return;
      cleanup();
      if (reply.type === "error") reject(new Error(String(reply.message)));
      else resolve(reply as T);
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    const onExit = (code: number) => {
      cleanup();
      reject(new Error(`worker exited with code ${code}`));
    };
    const cleanup = () => {
      worker.off("message", onMessage);
      worker.off("error", onError);
      worker.off("exit", onExit);
    };
    worker.on("message", onMessage);
    worker.on("error", onError);
    worker.on("exit", onExit);
    worker.postMessage({ ...message, id });
  });
}
