/**
 * The embedded database's thread: PGlite (PostgreSQL compiled to WebAssembly) runs
 * each statement synchronously, so in the server's thread every statement would stop
 * the event loop (streams, requests) for as long as it runs. Here it runs on a worker
 * thread of its own; pgliteThread.ts is its client (query, exec, transaction, dump).
 *
 * Messages in: { id, op, tx?, sql?, params?, options?, commit?, lane? }; out: { id, result } or
 * { id, error: { message, name, fields } } (the fields of PostgreSQL's error: code, detail, …).
 * Query options cross as data: drizzle's parsers are identities for some types, sent as
 * `identityParsers` (their type ids) and made functions again here.
 */
import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { vector } from "@electric-sql/pglite-pgvector";

const extensions = { vector };
const db = workerData.dataDir
  ? await PGlite.create(workerData.dataDir, { extensions })
  : await PGlite.create({ extensions, loadDataDir: workerData.dump ? new Blob([workerData.dump]) : undefined });

/** Open transactions by the client's id: their PGlite handle and how to end them. */
const transactions = new Map();
/** Thrown inside a transaction's callback to have PGlite roll it back. */
const ROLLBACK = Symbol("rollback");

const identity = (value) => value;
function queryOptions(options) {
  if (!options) return undefined;
  const { identityParsers, ...rest } = options;
  if (identityParsers) rest.parsers = Object.fromEntries(identityParsers.map((type) => [type, identity]));
  return rest;
}

function errorData(error) {
  if (!(error instanceof Error)) return { message: String(error), name: "Error", fields: {} };
  const fields = {};
  for (const [key, value] of Object.entries(error))
    if (value === null || ["string", "number", "boolean"].includes(typeof value)) fields[key] = value;
  return { message: error.message, name: error.name, fields };
}

function begin(txId) {
  return new Promise((begun, failed) => {
    const done = db
      .transaction(
        (tx) =>
          new Promise((commit, rollback) => {
            transactions.set(txId, { tx, commit, rollback, done });
            begun();
          }),
      )
      .catch((error) => {
        if (error !== ROLLBACK) throw error;
      });
    // A transaction that could not start (the database closed) rejects before its callback runs.
    done.catch(failed);
  }).then(() => undefined);
}

async function end(txId, commit) {
  const open = transactions.get(txId);
  if (!open) throw new Error(`No open transaction ${txId}`);
  transactions.delete(txId);
  if (commit) open.commit();
  else open.rollback(ROLLBACK);
  await open.done;
}

async function run(message) {
  const target = message.tx === undefined ? db : transactions.get(message.tx)?.tx;
  if (!target) throw new Error(`No open transaction ${message.tx}`);
  switch (message.op) {
    case "query":
      return target.query(message.sql, message.params, queryOptions(message.options));
    case "exec":
      return target.exec(message.sql, queryOptions(message.options));
    case "begin":
      return begin(message.newTx);
    case "end":
      return end(message.tx, message.commit);
    case "dump":
      return new Uint8Array(await (await db.dumpDataDir(message.compression)).arrayBuffer());
    case "close":
      await db.close();
      return undefined;
    default:
      throw new Error(`Unknown operation ${message.op}`);
  }
}

function answer(message) {
  return run(message).then(
    (result) => parentPort.postMessage({ id: message.id, result }),
    (error) => parentPort.postMessage({ id: message.id, error: errorData(error) }),
  );
}

/*
 * Two lanes. Foreground statements (a question's insert, every read) go to PGlite first.
 * Background ones (a streaming answer's saves, titles: nothing waits for them) run one at a
 * time, and only while no foreground statement is running, so a question waits behind at
 * most one of them instead of a queue of hundreds. One that has waited BACKGROUND_MAX_WAIT_MS
 * runs anyway: under constant foreground load the saves are late, never lost.
 *
 * Messages are sorted in a turn of their own (setImmediate): PGlite runs a statement within
 * the microtasks of the message that brought it, so statements started straight from their
 * messages would run in arrival order whatever their lane.
 */
const BACKGROUND_MAX_WAIT_MS = 50;
const foreground = [];
const background = [];
let foregroundRunning = 0;
let backgroundRunning = false;
let scheduled = false;
let backgroundTimer;

function schedule() {
  if (scheduled) return;
  scheduled = true;
  setImmediate(dispatch);
}

function dispatch() {
  scheduled = false;
  for (const message of foreground.splice(0)) {
    foregroundRunning += 1;
    void answer(message).then(() => {
      foregroundRunning -= 1;
      schedule();
    });
  }
  if (backgroundRunning || background.length === 0) return;
  const waited = performance.now() - background[0].queuedAt;
  if (foregroundRunning > 0 && waited < BACKGROUND_MAX_WAIT_MS) {
    backgroundTimer ??= setTimeout(() => {
      backgroundTimer = undefined;
      schedule();
    }, BACKGROUND_MAX_WAIT_MS - waited);
    return;
  }
  backgroundRunning = true;
  void answer(background.shift().message).then(() => {
    backgroundRunning = false;
    schedule();
  });
}

parentPort.on("message", (message) => {
  if (message.lane === "background") background.push({ message, queuedAt: performance.now() });
  else foreground.push(message);
  schedule();
});
parentPort.postMessage({ ready: true });
