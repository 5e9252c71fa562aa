import { existsSync, mkdirSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { loadConfig } from "../../../src/server/config";
import { openDatabase } from "../../../src/server/db/client";
import { dataSources } from "../../../src/server/db/filesSchema";
import { users } from "../../../src/server/db/schema";
import { insertDocument } from "../../../src/server/features/attachments/storeDocument";
import { indexAttachment } from "../../../src/server/retrieval/indexAttachment";
import { claimNextJob } from "../../../src/server/retrieval/jobs/jobQueue";
import { retrievePassages } from "../../../src/server/retrieval/retrieve";
import { blobStoreFor } from "../../../src/server/storage/blobStoreFor";
import { makeDocument, makeQuestions, type Fact } from "./corpus";
const dataDir = "/tmp/bench-profile-db";
const fresh = !existsSync(dataDir);
mkdirSync(dataDir, { recursive: true });
const config = loadConfig({ DATA_DIR: dataDir });
const database = await openDatabase({ dataDir });
await database.migrate();
const db = database.db;
const facts: Fact[] = [];
for (let f = 1; f <= 10; f++) facts.push(...makeDocument(f, 250, 2400).facts);
if (fresh) {
  const [user] = await db.insert(users).values({ userName: "b", displayName: "b" }).returning();
  const [lib] = await db.insert(dataSources).values({ name: "l" }).returning();
  for (let f = 1; f <= 10; f++) {
    const doc = makeDocument(f, 250, 2400);
    const key = await blobStoreFor(config).put(doc.pdf);
    await db.transaction((tx) => insertDocument(tx, { originalFileName: "x.pdf", mimeType: "application/pdf", bytes: doc.pdf }, key, { ownerUserId: user!.userId, type: "FileSearch", context: "DataSource", dataSourceId: lib!.dataSourceId }));
    await indexAttachment(db, config, (await claimNextJob(db, 60000))!);
  }
}
const [lib] = await db.select().from(dataSources);
const origExecute = (db as any).session.client.query.bind((db as any).session.client);
const timings: [number, string][] = [];
(db as any).session.client.query = async (q: string, p: unknown) => { const t = performance.now(); const r = await origExecute(q, p); timings.push([performance.now() - t, q.slice(0, 140)]); return r; };
const qs = makeQuestions(facts, 120);
for (const q of qs.slice(0, 10)) await retrievePassages(db, { attachmentIds: [], dataSourceIds: [lib!.dataSourceId], question: q });
for (const q of [qs[0]!, qs[1]!, qs[2]!, qs[3]!, qs[4]!]) {
  timings.length = 0;
  const t = performance.now();
  await retrievePassages(db, { attachmentIds: [], dataSourceIds: [lib!.dataSourceId], question: q });
  console.log(`${(performance.now() - t).toFixed(1)} ms ${q}`);
  for (const [ms, s] of timings) console.log(`   ${ms.toFixed(1)} ${s}`);
}
if (process.env.EXPLAIN) {
  (db as any).session.client.query = origExecute;
  const r = await db.execute(sql.raw(process.env.EXPLAIN));
  console.log(r.rows.map((x: any) => x["QUERY PLAN"]).join("\n"));
}
await database.close();
