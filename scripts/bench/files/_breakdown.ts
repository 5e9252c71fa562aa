import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { loadConfig } from "../../../src/server/config";
import { openDatabase } from "../../../src/server/db/client";
import { dataSources } from "../../../src/server/db/filesSchema";
import { users } from "../../../src/server/db/schema";
import { insertDocument } from "../../../src/server/features/attachments/storeDocument";
import { indexAttachment } from "../../../src/server/retrieval/indexAttachment";
import { claimNextJob } from "../../../src/server/retrieval/jobs/jobQueue";
import { retrievePassages } from "../../../src/server/retrieval/retrieve";
import { blobStoreFor } from "../../../src/server/storage/blobStoreFor";
import { makeDocument, makeQuestions, type Fact } from "../../../scripts/bench/files/corpus";
const dataDir = process.env.BD_DIR ?? mkdtempSync(join(tmpdir(), "bd-"));
const config = loadConfig({ DATA_DIR: dataDir });
const database = await openDatabase({ dataDir });
await database.migrate();
const db = database.db;
const [user] = await db.insert(users).values({ userName: "b", displayName: "b" }).returning();
const [lib] = await db.insert(dataSources).values({ name: "l" }).returning();
const facts: Fact[] = [];
for (let f = 1; f <= 10; f++) {
  const doc = makeDocument(f, 250, 2400); facts.push(...doc.facts);
  const key = await blobStoreFor(config).put(doc.pdf);
  await db.transaction((tx) => insertDocument(tx, { originalFileName: "x.pdf", mimeType: "application/pdf", bytes: doc.pdf }, key, { ownerUserId: user!.userId, type: "FileSearch", context: "DataSource", dataSourceId: lib!.dataSourceId }));
  await indexAttachment(db, config, (await claimNextJob(db, 60000))!);
}
const qs = makeQuestions(facts, 120);
for (const q of qs.slice(0, 10)) await retrievePassages(db, { attachmentIds: [], dataSourceIds: [lib!.dataSourceId], question: q });
const byKind: Record<number, number[]> = {};
const slow: [number, string][] = [];
for (const [i, q] of qs.entries()) {
  const t0 = performance.now();
  await retrievePassages(db, { attachmentIds: [], dataSourceIds: [lib!.dataSourceId], question: q });
  const ms = performance.now() - t0;
  (byKind[i % 5] ??= []).push(ms); slow.push([ms, q]);
}
for (const [k, v] of Object.entries(byKind)) { v.sort((a, b) => a - b); console.log(k, v[Math.floor(v.length / 2)]!.toFixed(1), v.at(-1)!.toFixed(1)); }
slow.sort((a, b) => b[0] - a[0]); console.log(slow.slice(0, 8).map(([m, q]) => `${m.toFixed(1)} ${q}`).join("\n"));
await database.close();
