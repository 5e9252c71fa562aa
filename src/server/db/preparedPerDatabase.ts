/**
 * drizzle builds a statement's SQL text and parameters afresh on every call: on the
 * streaming path that was about a fifth of what the server thread allocated per answer
 * (scripts/bench/streaming.ts with a heap profile), and the young-generation collections it
 * causes stop the event loop for milliseconds. The statements every answer runs are built
 * once per database instead (`.prepare()` with `sql.placeholder`) and run with values only.
 */
import { sql } from "drizzle-orm";
import type { Db } from "./client";

export function preparedPerDatabase<P>(prepare: (db: Db) => P): (db: Db) => P {
  const byDb = new WeakMap<Db, P>();
  return (db) => {
    let prepared = byDb.get(db);
    if (!prepared) {
      prepared = prepare(db);
      byDb.set(db, prepared);
    }
    return prepared;
  };
}

/** `{ key: sql.placeholder(prefix + key) }` per key: a row of values for a prepared statement. */
export function placeholderRow<T>(keys: readonly string[], prefix = ""): T {
  return Object.fromEntries(keys.map((key) => [key, sql.placeholder(prefix + key)])) as T;
}

/**
 * The same for `update().set()`: drizzle binds each placeholder to its column's encoder at run
 * time (a Date, a JSON value), but its types accept placeholders only in `insert().values()`,
 * hence `never` here.
 */
export function placeholders<K extends string>(...keys: K[]): Record<K, never> {
  return placeholderRow(keys);
}
