/**
 * The client of the embedded database's worker thread (pgliteWorker.mjs): the part of
 * PGlite's interface that drizzle and the server use (query, exec, transaction, close,
 * dumpDataDir), each call a message to the thread. The server's event loop then never
 * waits while a statement runs; statements still run one at a time, as PGlite runs them.
 */
import { Worker } from "node:worker_threads";
import type { PGlite, QueryOptions, Results, Transaction } from "@electric-sql/pglite";

const WORKER_URL = new URL("./pgliteWorker.mjs", import.meta.url);

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

interface WorkerReply {
  id?: number;
  ready?: boolean;
  result?: unknown;
  error?: { message: string; name: string; fields: Record<string, unknown> };
}

/** Marks a statement of the background lane; it rides in the query options, which every wrapper passes through. */
interface LaneOptions extends QueryOptions {
  lane?: "background";
}

/** drizzle passes the same parsers object with every statement: its type ids are listed once. */
const typeIdsOfParsers = new WeakMap<object, number[]>();
function typeIdsOf(parsers: object): number[] {
  let ids = typeIdsOfParsers.get(parsers);
  if (!ids) typeIdsOfParsers.set(parsers, (ids = Object.keys(parsers).map(Number)));
  return ids;
}

/** Query options as data: drizzle's parsers (identities for some types) as their type ids; the lane beside them. */
function wireOptions(options: LaneOptions | undefined): { options?: Record<string, unknown>; lane?: "background" } {
  if (!options) return {};
  const { parsers, lane, ...rest } = options;
  return { options: parsers ? { ...rest, identityParsers: typeIdsOf(parsers) } : rest, lane };
}

/** The worker's error as an Error again, with PostgreSQL's fields (code, detail, constraint, …). */
function rebuildError(data: NonNullable<WorkerReply["error"]>): Error {
  const error = Object.assign(new Error(data.message), data.fields);
  error.name = data.name;
  return error;
}

export class PGliteThread {
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private failure: Error | null = null;

  private constructor(
    data: { dataDir?: string; dump?: Uint8Array },
    private readonly ready: { resolve(): void; reject(error: Error): void },
  ) {
    this.worker = new Worker(WORKER_URL, { workerData: data });
    this.worker.on("message", (reply: WorkerReply) => {
      if (reply.ready) return ready.resolve();
      const pending = this.pending.get(reply.id!);
      if (!pending) return;
      this.pending.delete(reply.id!);
      if (reply.error) pending.reject(rebuildError(reply.error));
      else pending.resolve(reply.result);
    });
    const fail = (error: Error) => {
      this.failure ??= error;
      ready.reject(error);
      for (const pending of this.pending.values()) pending.reject(error);
      this.pending.clear();
    };
    this.worker.on("error", fail);
    this.worker.on("exit", (code) => fail(new Error(`The database thread stopped (exit code ${code})`)));
  }

  /** A file-backed database under `dataDir`, or an in-memory one (started from a `dumpDataDir()` tarball). */
  static async create(options: { dataDir?: string; dump?: Blob }): Promise<PGliteThread> {
    const dump = options.dump ? new Uint8Array(await options.dump.arrayBuffer()) : undefined;
    let thread!: PGliteThread;
    await new Promise<void>((resolve, reject) => {
      thread = new PGliteThread({ dataDir: options.dataDir, dump }, { resolve, reject });
    });
    return thread;
  }

  private call<T>(message: Record<string, unknown>): Promise<T> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.worker.postMessage({ ...message, id });
    });
  }

  // query and exec may be wrapped by watchers (writeWatch.ts, the benchmark's probe): a transaction's
  // statements go through the private senders below, which keep the transaction's id.
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.sendQuery(sql, params, options);
  }

  exec(sql: string, options?: QueryOptions): Promise<Results[]> {
    return this.sendExec(sql, options);
  }

  private sendQuery<T>(sql: string, params?: unknown[], options?: QueryOptions, tx?: number): Promise<Results<T>> {
    return this.call({ op: "query", sql, params, ...wireOptions(options), tx });
  }

  private sendExec(sql: string, options?: QueryOptions, tx?: number): Promise<Results[]> {
    return this.call({ op: "exec", sql, ...wireOptions(options), tx });
  }

  /**
   * The same database for statements nothing waits for (a streaming answer's saves, titles): the
   * thread runs them only between foreground statements (pgliteWorker.mjs). Its calls go through
   * this client's query and exec, so whatever wraps those (the cache's write watch) sees them too.
   * No transactions: a background statement stands alone.
   */
  backgroundLane(): PGlite {
    const lane = "background" as const;
    return {
      query: (sql: string, params?: unknown[], options?: QueryOptions) => this.query(sql, params, { ...options, lane } as LaneOptions),
      exec: (sql: string, options?: QueryOptions) => this.exec(sql, { ...options, lane } as LaneOptions),
      transaction: () => Promise.reject(new Error("The background lane runs single statements only")),
    } as unknown as PGlite;
  }

  /** Runs `callback` in a transaction: committed when it resolves, rolled back when it throws. */
  async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    const txId = this.nextId++;
    await this.call({ op: "begin", newTx: txId });
    let closed = false;
    const tx = {
      query: <R>(sql: string, params?: unknown[], options?: QueryOptions) =>
        this.sendQuery<R>(sql, params, options, txId),
      exec: (sql: string, options?: QueryOptions) => this.sendExec(sql, options, txId),
      rollback: () => {
        throw new Error("Roll back by throwing from the transaction's callback");
      },
      get closed() {
        return closed;
      },
    } as unknown as Transaction;
    let result: T;
    try {
      result = await callback(tx);
    } catch (error) {
      closed = true;
      await this.call({ op: "end", tx: txId, commit: false }).catch(() => {});
      throw error;
    }
    closed = true;
    await this.call({ op: "end", tx: txId, commit: true });
    return result;
  }

  async dumpDataDir(compression?: "none" | "gzip" | "auto"): Promise<Blob> {
    const bytes = await this.call<Uint8Array<ArrayBuffer>>({ op: "dump", compression });
    return new Blob([bytes]);
  }

  async close(): Promise<void> {
    if (!this.failure) await this.call({ op: "close" });
    this.failure ??= new Error("The database is closed");
    await this.worker.terminate();
  }
}

/** The thread's client stands where drizzle expects a PGlite. */
export const asPglite = (thread: PGliteThread) => thread as unknown as PGlite;
