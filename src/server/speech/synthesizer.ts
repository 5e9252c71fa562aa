/**
 * The synthesiser seen from the server: sentences in, 8 kHz µ-law out.
 * eSpeak NG (GPL-3.0-or-later) runs as a program of its own, in a child
 * process (synthWorker.mjs) that it is called in as on a command line (its
 * arguments, a text file in, a WAVE file out) and that talks to the server over
 * IPC only: the product does not link it. One sentence at a time in order, so a
 * streaming answer never waits on it; a sentence abandoned (stopSpeaking) before
 * its turn is never synthesised.
 */
import { fork, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { encodeMulaw } from "./mulaw";
import { resample } from "./resample";

const WORKER_URL = new URL("./synthWorker.mjs", import.meta.url);
export const PCMU_RATE = 8000;

export interface Voice {
  /** An eSpeak NG voice name, e.g. en-us. */
  voice: string;
  wordsPerMinute: number;
}

interface Request {
  id: number;
  text: string;
  signal: AbortSignal | undefined;
  resolve: (codes: Uint8Array | null) => void;
  reject: (error: Error) => void;
}

type Reply = { id: number; samples: Int16Array; sampleRate: number } | { id: number; error: string };

export class Synthesizer {
  private worker: ChildProcess | undefined;
  private readonly waiting: Request[] = [];
  private current: Request | undefined;
  private nextId = 1;
  private closed = false;

  constructor(private readonly voice: Voice) {}

  /** The sentence as 8 kHz µ-law, or null when the signal aborted first. */
  synthesize(text: string, signal?: AbortSignal): Promise<Uint8Array | null> {
    if (this.closed) return Promise.reject(new Error("the synthesiser is closed"));
    return new Promise((resolve, reject) => {
      this.waiting.push({ id: this.nextId++, text, signal, resolve, reject });
      this.dispatch();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const request of this.waiting.splice(0)) request.resolve(null);
    this.current?.resolve(null);
    this.current = undefined;
    this.worker?.kill();
    this.worker = undefined;
  }

  private dispatch(): void {
    if (this.current) return;
    let next = this.waiting.shift();
    while (next?.signal?.aborted) {
      next.resolve(null);
      next = this.waiting.shift();
    }
    if (!next) return;
    this.current = next;
    this.ensureWorker().send({
      id: next.id,
      text: next.text,
      voice: this.voice.voice,
      wordsPerMinute: this.voice.wordsPerMinute,
    });
  }

  private ensureWorker(): ChildProcess {
    if (this.worker) return this.worker;
    // Advanced serialisation: the samples cross as an Int16Array. No tsx loader: the program is plain JavaScript.
    const worker = fork(fileURLToPath(WORKER_URL), [], {
      serialization: "advanced",
      execArgv: [],
      stdio: ["ignore", "ignore", "inherit", "ipc"],
    });
    // An idle synthesiser must not keep the server's process alive.
    worker.unref();
    worker.channel?.unref();
    worker.on("message", (reply: Reply) => this.settle(reply));
    worker.on("error", (error) => this.fail(error));
    worker.on("exit", () => {
      if (this.worker === worker) this.worker = undefined;
      this.fail(new Error("the synthesiser stopped"));
    });
    this.worker = worker;
    return worker;
  }

  private settle(reply: Reply): void {
    const request = this.current;
    if (!request || request.id !== reply.id) return;
    this.current = undefined;
    if ("error" in reply) request.reject(new Error(reply.error));
    else
      request.resolve(
        request.signal?.aborted ? null : encodeMulaw(resample(reply.samples, reply.sampleRate, PCMU_RATE)),
      );
    this.dispatch();
  }

  private fail(error: Error): void {
    const request = this.current;
    this.current = undefined;
    request?.reject(error);
    if (!this.closed) this.dispatch();
  }
}
