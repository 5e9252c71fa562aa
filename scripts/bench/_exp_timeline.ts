import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import type { PGlite } from "@electric-sql/pglite";
import { pino } from "pino";
import { buildApp } from "../../src/server/app";
import { signProductToken } from "../../src/server/auth/productToken";
import { loadConfig } from "../../src/server/config";
import { openDatabase } from "../../src/server/db/client";
import { userRoleAssignments, userRoles, users } from "../../src/server/db/schema";
import { seed } from "../../src/server/seed";
import { startFakeModelServer } from "../../tests/fakes/fakeModelServer";
import { createAgent } from "../../tests/helpers/chatFixtures";
import { runStreams, now } from "./streamingClient";

const fake = await startFakeModelServer();
fake.setDefault({ tokens: Array.from({ length: 50 }, () => " tok"), delayMs: 20 });
const dataDir = mkdtempSync(join(tmpdir(), "exp-"));
const config = loadConfig({
  TOKEN_SECRET: randomBytes(32).toString("base64"),
  ENCRYPTION_KEY: randomBytes(32).toString("base64"),
  LOG_LEVEL: "silent",
  DATA_DIR: dataDir,
  ADMIN_PASSWORD: "x".repeat(20),
  STATIC_DIR: join(dataDir, "s"),
});
const database = await openDatabase({});
await database.migrate();
await seed(database.db, config);
const app = await buildApp({ config, database, log: pino({ level: "silent" }) });
let trace = false;
const t0 = { v: 0 };
const log = (what: string) => {
  if (trace) console.log(`${(now() - t0.v).toFixed(2).padStart(8)}  ${what}`);
};
app.addHook("onRequest", async () => log("onRequest"));
app.addHook("preHandler", async () => log("preHandler (body parsed+validated)"));
await app.listen({ port: 0, host: "127.0.0.1" });
const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
const client = database.db.$client as PGlite;
const q = client.query.bind(client);
client.query = (async (text: string, params?: unknown[], options?: never) => {
  const s = now();
  const r = await q(text, params as never, options);
  log(`query ${(now() - s).toFixed(2)} ms  ${text.slice(0, 70)}`);
  return r;
}) as PGlite["query"];
const tx = client.transaction.bind(client);
client.transaction = (async (fn: never) => {
  const s = now();
  const r = await tx(fn);
  log(`transaction ${(now() - s).toFixed(2)} ms`);
  return r;
}) as PGlite["transaction"];
const rawSync = client.execProtocolRawSync.bind(client);
let wasm = 0;
client.execProtocolRawSync = (m: Uint8Array) => {
  const s = performance.now();
  try {
    return rawSync(m);
  } finally {
    wasm += performance.now() - s;
  }
};
const origFetch = globalThis.fetch;
globalThis.fetch = (async (...a: Parameters<typeof fetch>) => {
  log(`fetch ${String(a[0]).slice(-40)}`);
  const r = await origFetch(...a);
  log(`fetch headers ${r.status}`);
  return r;
}) as typeof fetch;
const db = database.db;
const [user] = await db.insert(users).values({ userName: "u", displayName: "U" }).returning();
const [role] = await db.select().from(userRoles).where(eq(userRoles.name, "user"));
await db.insert(userRoleAssignments).values({ userId: user!.userId, userRoleId: role!.userRoleId });
const token = await signProductToken(config, {
  userId: user!.userId,
  userName: "u",
  displayName: "U",
  identityProvider: "local",
});
const { gptSystemId } = await createAgent(db, {
  openaiBaseUrl: fake.openaiBaseUrl,
  encryptionKey: config.encryptionKey,
});
const target = { mode: "product" as const, serverUrl: url, gptSystemId, token };
for (let i = 0; i < 8; i++) await runStreams({ target, concurrency: 1, question: "hi", timeoutMs: 30000 });
for (let i = 0; i < 2; i++) {
  trace = true;
  wasm = 0;
  t0.v = now();
  const [r] = await runStreams({ target, concurrency: 1, question: "hi", timeoutMs: 30000 });
  trace = false;
  console.log(
    `client: first frame ${(r!.firstFrameAt! - r!.startedAt).toFixed(2)}  first token ${(r!.firstTokenAt! - r!.startedAt).toFixed(2)} wasm total ${wasm.toFixed(2)}`,
  );
}
await app.close();
await database.close();
await fake.close();
