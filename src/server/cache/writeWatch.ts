/**
 * Calls `onCommitted` after every committed statement that writes one of the
 * watched tables, whatever issued it: admin handlers, sign-in, seeds, a test's
 * direct write. It wraps the driver under drizzle (PGlite, or node-postgres'
 * pool) rather than relying on each write path to remember an invalidation call.
 *
 * "After commit" matters: a cache refilled between a write and its commit would
 * keep the old rows. Statements outside a transaction are reported when they
 * settle; statements inside one are reported when the transaction ends.
 */
import type { PGlite, Transaction } from "@electric-sql/pglite";
import type pg from "pg";
import type { Database } from "../db/client";

const WRITE_VERB = /\b(insert|update|delete|truncate|alter|drop|create|merge|copy)\b/i;
const TRANSACTION_END = /^\s*(commit|rollback|end|abort)\b/i;

export type WriteMatcher = (sqlText: string) => boolean;

/** True for a statement that may write one of `tables` (false positives only cost a cache refill). */
export function writesTo(tables: readonly string[]): WriteMatcher {
  const mentions = new RegExp(`\\b(${tables.join("|")})\\b`, "i");
  return (text) => WRITE_VERB.test(text) && mentions.test(text);
}

function textOf(query: unknown): string {
  if (typeof query === "string") return query;
  const text = (query as { text?: unknown } | null)?.text;
  return typeof text === "string" ? text : "";
}

/** Runs `onSettled` once `result` settles, and passes `result` through unchanged. */
function afterSettling<T>(result: T, onSettled: () => void): T {
  if (result instanceof Promise) void result.then(onSettled, onSettled);
  else onSettled();
  return result;
}

function watchPglite(client: PGlite, isWrite: WriteMatcher, onCommitted: () => void): void {
  const query = client.query.bind(client);
  client.query = ((text: string, ...rest: unknown[]) =>
    afterSettling((query as (...args: unknown[]) => unknown)(text, ...rest), () => {
      if (isWrite(text)) onCommitted();
    })) as PGlite["query"];
  const exec = client.exec.bind(client);
  client.exec = ((text: string, ...rest: unknown[]) =>
    afterSettling((exec as (...args: unknown[]) => unknown)(text, ...rest), () => {
      if (isWrite(text)) onCommitted();
    })) as PGlite["exec"];
  const transaction = client.transaction.bind(client);
  client.transaction = (<T>(callback: (tx: Transaction) => Promise<T>) => {
    let wrote = false;
    const watched = (tx: Transaction) => {
      const txQuery = tx.query.bind(tx);
      tx.query = ((text: string, ...rest: unknown[]) => {
        if (isWrite(text)) wrote = true;
        return (txQuery as (...args: unknown[]) => unknown)(text, ...rest);
      }) as Transaction["query"];
      const txExec = tx.exec.bind(tx);
      tx.exec = ((text: string, ...rest: unknown[]) => {
        if (isWrite(text)) wrote = true;
        return (txExec as (...args: unknown[]) => unknown)(text, ...rest);
      }) as Transaction["exec"];
      return callback(tx);
    };
    return afterSettling(transaction(watched), () => {
      if (wrote) onCommitted();
    });
  }) as PGlite["transaction"];
}

/** `watched`: the clients this watch has wrapped already (pooled clients come back; other watches keep their own). */
function watchPgClient(
  client: pg.PoolClient,
  watched: WeakSet<pg.PoolClient>,
  isWrite: WriteMatcher,
  onCommitted: () => void,
): void {
  if (watched.has(client)) return;
  watched.add(client);
  // A pooled client runs one transaction at a time (drizzle: begin … commit on one checked-out client).
  let wrote = false;
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as unknown as { query: typeof query }).query = (config: unknown, ...rest: unknown[]) => {
    const text = textOf(config);
    if (isWrite(text)) wrote = true;
    const ends = TRANSACTION_END.test(text);
    return afterSettling(query(config, ...rest), () => {
      // Outside begin … commit a write commits on its own; reporting it early as well is harmless.
      if (wrote && (ends || isWrite(text))) {
        if (ends) wrote = false;
        onCommitted();
      }
    });
  };
  const release = client.release.bind(client);
  client.release = (...args: Parameters<pg.PoolClient["release"]>) => {
    if (wrote) {
      wrote = false;
      onCommitted();
    }
    return release(...args);
  };
}

function watchPgPool(pool: pg.Pool, isWrite: WriteMatcher, onCommitted: () => void): void {
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  (pool as unknown as { query: typeof query }).query = (config: unknown, ...rest: unknown[]) =>
    afterSettling(query(config, ...rest), () => {
      if (isWrite(textOf(config))) onCommitted();
    });
  const watched = new WeakSet<pg.PoolClient>();
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
  (pool as unknown as { connect: typeof connect }).connect = (...args: unknown[]) => {
    if (args.length > 0) return connect(...args); // callback style: not used by drizzle
    return (connect() as Promise<pg.PoolClient>).then((client) => {
      watchPgClient(client, watched, isWrite, onCommitted);
      return client;
    });
  };
}

export function watchCommittedWrites(database: Database, isWrite: WriteMatcher, onCommitted: () => void): void {
  if (database.kind === "pglite") watchPglite(database.db.$client as PGlite, isWrite, onCommitted);
  else watchPgPool(database.db.$client as unknown as pg.Pool, isWrite, onCommitted);
}
