/**
 * Watches the database client drizzle uses, without touching the product's code:
 * counts statements, records every UPDATE of a conversation_segments row by
 * segment id (the answer's writes; a multi-row UPDATE counts once for each answer it writes), tracks how many statements are in flight and,
 * on PGlite, times the synchronous WebAssembly calls (they run on, and block,
 * the server's thread).
 */
import type { PGlite } from "@electric-sql/pglite";
import type pg from "pg";
import type { Database } from "../../src/server/db/client";
import { now } from "./streamingClient";

export interface SegmentWrite {
  at: number;
  /** A throttled write while the answer streams (status "Streaming"), not the final one. */
  streaming: boolean;
}

export interface ProbeState {
  queries: number;
  /** Statements that write (INSERT / UPDATE / DELETE, also inside a WITH), any table; PostgreSQL: outside transactions only (the chat path uses none). */
  writes: number;
  transactions: number;
  /** PGlite only: time inside the WebAssembly protocol call (synchronous). */
  wasmMs: number;
  wasmCalls: number;
  inFlight: number;
  maxInFlight: number;
  busySince: number;
  /** Time with at least one statement or transaction in flight. */
  busyMs: number;
  segmentUpdateLatencies: number[];
  segmentWrites: Map<string, SegmentWrite[]>;
}

/** An UPDATE of segments, also after a WITH (a new conversation's title is saved with its answer's trace). */
const SEGMENT_UPDATE = /^\s*(?:with\s[\s\S]*\)\s*)?update\s+"?conversation_segments"?\s/i;
const MULTI_ROW_UPDATE = /\bfrom\s*\(\s*values\b/i;
const WRITE = /^\s*(insert|update|delete|with\b[\s\S]*\b(insert|update|delete)\b)/i;

export interface DbProbe {
  kind: Database["kind"];
  state: ProbeState;
  reset(): void;
}

export function probeDatabase(database: Database): DbProbe {
  const state: ProbeState = {
    queries: 0,
    writes: 0,
    transactions: 0,
    wasmMs: 0,
    wasmCalls: 0,
    inFlight: 0,
    maxInFlight: 0,
    busySince: 0,
    busyMs: 0,
    segmentUpdateLatencies: [],
    segmentWrites: new Map(),
  };
  const enter = () => {
    if (state.inFlight === 0) state.busySince = now();
    state.inFlight += 1;
    state.maxInFlight = Math.max(state.maxInFlight, state.inFlight);
  };
  const leave = () => {
    state.inFlight -= 1;
    if (state.inFlight === 0) state.busyMs += now() - state.busySince;
  };
  const observed = async <T>(text: string, params: unknown[] | undefined, run: () => Promise<T>): Promise<T> => {
    const startedAt = now();
    state.queries += 1;
    if (WRITE.test(text)) state.writes += 1;
    enter();
    try {
      return await run();
    } finally {
      leave();
      if (SEGMENT_UPDATE.test(text) && params?.length) {
        const at = now();
        state.segmentUpdateLatencies.push(at - startedAt);
        const record = (segmentId: string, streaming: boolean) => {
          const writes = state.segmentWrites.get(segmentId) ?? [];
          writes.push({ at, streaming });
          state.segmentWrites.set(segmentId, writes);
        };
        // The shared streaming writer (throttledWriter.ts): one row per answer, (segment id, text) pairs.
        if (MULTI_ROW_UPDATE.test(text)) for (let i = 0; i < params.length; i += 2) record(String(params[i]), true);
        // drizzle puts the WHERE value (the segment id) last.
        else record(String(params[params.length - 1]), params.includes("Streaming"));
      }
    }
  };

  if (database.kind === "pglite") {
    const client = database.db.$client as PGlite;
    const query = client.query.bind(client);
    client.query = ((text: string, params?: unknown[], options?: Parameters<PGlite["query"]>[2]) =>
      observed(text, params, () => query(text, params as never, options))) as PGlite["query"];
    // A transaction holds PGlite's only connection from BEGIN to COMMIT, JavaScript round trips included.
    const transaction = client.transaction.bind(client);
    client.transaction = (async (fn: Parameters<PGlite["transaction"]>[0]) => {
      state.transactions += 1;
      enter();
      try {
        return await transaction((tx) => {
          const txQuery = tx.query.bind(tx);
          tx.query = ((text: string, ...rest: unknown[]) => {
            if (WRITE.test(text)) state.writes += 1;
            return (txQuery as (...args: unknown[]) => unknown)(text, ...rest);
          }) as typeof tx.query;
          return fn(tx);
        });
      } finally {
        leave();
      }
    }) as PGlite["transaction"];
    // PGlite on the server's thread only (PGLITE_THREAD=off): on a thread of its own, its time is not the server thread's.
    if (typeof client.execProtocolRawSync === "function") {
      const execSync = client.execProtocolRawSync.bind(client);
      client.execProtocolRawSync = (message: Uint8Array) => {
        const startedAt = performance.now();
        try {
          return execSync(message);
        } finally {
          state.wasmMs += performance.now() - startedAt;
          state.wasmCalls += 1;
        }
      };
    }
  } else {
    // node-postgres: drizzle sends statements outside transactions through pool.query(config, values).
    const pool = database.db.$client as unknown as pg.Pool;
    const query = pool.query.bind(pool) as (config: unknown, values?: unknown[]) => Promise<unknown>;
    (pool as unknown as { query: typeof query }).query = (config: unknown, values?: unknown[]) => {
      const text = typeof config === "string" ? config : String((config as { text?: unknown }).text ?? "");
      return observed(text, values, () => query(config, values));
    };
  }

  return {
    kind: database.kind,
    state,
    reset() {
      state.queries = 0;
      state.writes = 0;
      state.transactions = 0;
      state.wasmMs = 0;
      state.wasmCalls = 0;
      state.maxInFlight = state.inFlight;
      state.busyMs = 0;
      if (state.inFlight > 0) state.busySince = now();
      state.segmentUpdateLatencies = [];
      state.segmentWrites = new Map();
    },
  };
}
