/** Opens the database: embedded PGlite under DATA_DIR, or PostgreSQL at DATABASE_URL. Same schema, same queries. */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { vector } from "@electric-sql/pglite-pgvector";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { enableVectorExtension } from "../embeddings/vectorExtension";
import { PGliteThread, asPglite } from "./pgliteThread";
import { createUnfinishedAnswersIndex } from "./unfinishedAnswersIndex";
import * as schema from "./schema";

/** The advisory lock that server processes take in turn for their migrations and seeding. */
const STARTUP_LOCK = "agent-chat: migrations and seeding";

export const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

/** Both drivers expose the same query builder; code is written against the PGlite type. */
export type Db = ReturnType<typeof drizzlePglite<typeof schema>>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  migrate(): Promise<void>;
  /**
   * Runs `work` while no other server process on the same database runs its own (a PostgreSQL
   * advisory lock): replicas started together would otherwise apply the same migrations and
   * seed the same rows at once. PGlite has one process.
   */
  exclusively<T>(work: () => Promise<T>): Promise<T>;
  /**
   * The other server processes on the same database, reached through PostgreSQL's LISTEN / NOTIFY
   * (answerSignals.ts). Absent for PGlite, which has one process.
   */
  signals?: DatabaseSignals;
  /** True when the database answers and every migration is applied (for /readyz). */
  isReady(): Promise<boolean>;
  close(): Promise<void>;
}

export interface DatabaseSignals {
  /** Calls `onMessage` with each notification on `channel` until the returned function is called. */
  listen(channel: string, onMessage: (payload: string) => void): () => Promise<void>;
  notify(channel: string, payload: string): Promise<void>;
}

/** How long a lost LISTEN connection waits before it connects again (notifications meanwhile are missed). */
const LISTEN_RETRY_MS = 1000;

/** LISTEN on a connection of its own (a pool's connections come and go), connected again whenever it is lost. */
function postgresSignals(pool: pg.Pool, connectionString: string): DatabaseSignals {
  return {
    listen(channel, onMessage) {
      let closed = false;
      let client: pg.Client | undefined;
      const connect = () => {
        if (closed) return;
        const current = new pg.Client({ connectionString });
        let retrying = false;
        const retry = () => {
          if (retrying) return;
          retrying = true;
          current.end().catch(() => undefined);
          if (!closed) setTimeout(connect, LISTEN_RETRY_MS).unref();
        };
        current.on("notification", (message) => {
          if (message.channel === channel && message.payload !== undefined) onMessage(message.payload);
        });
        current.on("error", retry);
        current.on("end", retry);
        client = current;
        current
          .connect()
          .then(() => current.query(`LISTEN ${current.escapeIdentifier(channel)}`))
          .catch(retry);
      };
      connect();
      return async () => {
        closed = true;
        await client?.end().catch(() => undefined);
      };
    },
    async notify(channel, payload) {
      await pool.query("select pg_notify($1, $2)", [channel, payload]);
    },
  };
}

const backgroundLanes = new WeakMap<Db, Db>();

/**
 * Where to send statements nothing waits for (a streaming answer's saves, titles): the embedded
 * database's background lane (pgliteThread.ts), which never queues them ahead of a question's
 * insert; `db` itself on PostgreSQL, whose pool runs them beside the others.
 */
export function backgroundLaneOf(db: Db): Db {
  return backgroundLanes.get(db) ?? db;
}

/**
 * With `databaseUrl`: PostgreSQL; with `dataDir`: a file-backed PGlite under it; with neither: an in-memory PGlite
 * (tests), started from `pgliteDump` when given (a `dumpDataDir()` tarball: tests copy one migrated template).
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir?: string;
  pgliteDump?: Blob;
  /** PGlite on a worker thread of its own (the default), or on the caller's thread (false: a diagnostic). */
  pgliteThread?: boolean;
}): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle client the server drops (restart, failover, DROP DATABASE ... FORCE) is removed by
    // the pool; without a listener its 'error' event would crash the process.
    pool.on("error", () => {});
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    let migrated = false;
    return {
      db,
      kind: "postgres",
      signals: postgresSignals(pool, options.databaseUrl),
      async migrate() {
        await migratePg(drizzlePg(pool, { schema }), { migrationsFolder });
        await createUnfinishedAnswersIndex(db);
        await enableVectorExtension(db);
        migrated = true;
      },
      async exclusively(work) {
        const client = await pool.connect();
        try {
          await client.query("select pg_advisory_lock(hashtext($1))", [STARTUP_LOCK]);
          return await work();
        } finally {
          // Released with the session if this fails (the client is then discarded).
          await client.query("select pg_advisory_unlock(hashtext($1))", [STARTUP_LOCK]).then(
            () => client.release(),
            (error: Error) => client.release(error),
          );
        }
      },
      async isReady() {
        try {
          await pool.query("select 1");
          return migrated;
        } catch {
          return false;
        }
      },
      close: () => pool.end(),
    };
  }
  // PGlite runs on a thread of its own (pgliteThread.ts): its statements never stop the server's event loop.
  const dir = options.dataDir ? join(options.dataDir, "pglite") : undefined;
  if (dir) mkdirSync(dir, { recursive: true });
  const thread = options.pgliteThread === false ? undefined : await PGliteThread.create({ dataDir: dir, dump: options.pgliteDump });
  const client = thread
    ? asPglite(thread)
    : dir
      ? await PGlite.create(dir, { extensions: { vector } })
      : await PGlite.create({ extensions: { vector }, loadDataDir: options.pgliteDump });
  const db = drizzlePglite(client, { schema });
  if (thread) backgroundLanes.set(db, drizzlePglite(thread.backgroundLane(), { schema }));
  let migrated = false;
  return {
    db,
    kind: "pglite",
    async migrate() {
      await migratePglite(db, { migrationsFolder });
      await enableVectorExtension(db);
      migrated = true;
    },
    exclusively: (work) => work(),
    async isReady() {
      try {
        await client.query("select 1");
        return migrated;
      } catch {
        return false;
      }
    },
    close: () => client.close(),
  };
}
