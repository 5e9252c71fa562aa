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
import { PGlite, types } from "@electric-sql/pglite";
import { vector } from "@electric-sql/pglite-pgvector";

const extensions = { vector };
const db = workerData.dataDir
  ? await PGlite.create(workerData.dataDir, { extensions })
  : await PGlite.create({ extensions, loadDataDir: workerData.dump ? new Blob([workerData.dump]) : undefined });

/** Open transactions by the client's id: their PGlite handle and how to end them. */
const transactions = new Map();
/** Thrown inside a transaction's callback to have PGlite roll it back. */
const ROLLBACK = Symbol("rollback");

/*
 * drizzle sends the same identity parsers with every statement (timestamps, dates, intervals and
 * some arrays: it maps those values itself; drizzle-orm/pglite/session.js). Given per statement,
 * PGlite copies its whole parser table (300+ types) to merge them in: about 0.1 ms of every
 * statement, on the thread all statements wait for. So the instance's own table holds drizzle's
 * identities, and only a statement wanting other parsers for those types (another set, or none:
 * PGlite's standard ones) gets them per statement. Nothing here refreshes PGlite's array types,
 * which would put the standard parsers back.
 */
const identity = (value) => value;
const DRIZZLE_IDENTITY_TYPES = [1082, 1114, 1115, 1182, 1184, 1185, 1186, 1187, 1231];
/** The arrays among them, with their elements' types: PGlite's array parsers read the element's parser from the instance. */
const ARRAY_ELEMENT_TYPES = { 1115: 1114, 1182: 1082, 1185: 1184, 1187: 1186, 1231: 1700 };
const standardParsers = Object.fromEntries(DRIZZLE_IDENTITY_TYPES.map((type) => [type, db.parsers[type]]));
for (const [array, element] of Object.entries(ARRAY_ELEMENT_TYPES)) {
  const elementParser = standardParsers[element] ?? db.parsers[element];
  standardParsers[array] = (value) => types.arrayParser(value, elementParser, Number(array));
}
for (const type of DRIZZLE_IDENTITY_TYPES) db.parsers[type] = identity;
const typeSetKey = (typeIds) => [...typeIds].sort((a, b) => a - b).join();
const INSTANCE_KEY = typeSetKey(DRIZZLE_IDENTITY_TYPES);
/** Per set of identity types other than the instance's: the parsers a statement must bring. */
const parsersPerSet = new Map();

function parsersFor(identityTypes) {
  const key = typeSetKey(identityTypes);
  if (key === INSTANCE_KEY) return undefined;
  let parsers = parsersPerSet.get(key);
  if (!parsers) {
    parsers = { ...standardParsers, ...Object.fromEntries(identityTypes.map((type) => [type, identity])) };
    parsersPerSet.set(key, parsers);
  }
  return parsers;
}

function queryOptions(options) {
  const { identityParsers = [], ...rest } = options ?? {};
  const parsers = parsersFor(identityParsers);
  return parsers ? { ...rest, parsers } : rest;
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
