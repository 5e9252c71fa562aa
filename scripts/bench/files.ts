/**
 * File-search benchmark (not a test): indexing throughput and retrieval latency
 * at 10,000 chunks, on PGlite (file-backed, as the server runs it) and on a
 * throwaway PostgreSQL (tests/support/postgres.mjs; skipped when its binaries
 * are missing).
 *
 *   npm run bench:files -- [--chunks 10000] [--pages-per-file 250] [--page-chars 2400]
 *     [--queries 120] [--backends pglite,postgres] [--embeddings]
 *
 * Indexing goes through the product's own path: the upload's row and Queued job
 * (insertDocument), the blob in the filesystem store, then the worker's steps —
 * claim the job, read the blob, extract the PDF page by page, chunk, insert the
 * passages (and whatever else indexAttachment builds), complete the job. Files are
 * generated PDFs (corpus.ts) added to one file library until it holds the target
 * number of chunks. Retrieval asks varied questions of the whole library through
 * the same function the answer path uses, after a short warm-up.
 *
 * With --embeddings, an embedding deployment on the fake model server
 * (tests/fakes/fakeModelServer.ts, 256-dimension vectors, answered over local HTTP)
 * is selected: indexing embeds every passage and retrieval is hybrid. Retrieval is
 * then measured with pgvector where the database has it and again with the
 * in-process exact cosine (the fallback for a PostgreSQL server without pgvector).
 *
 * Targets (issue 5, 2-core machine): ≥ 50 pages/s indexed, ≤ 50 ms p95 retrieval.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { loadConfig, type Config } from "../../src/server/config";
import { openDatabase, type Database } from "../../src/server/db/client";
import { connections, deployments } from "../../src/server/db/chatSchema";
import { dataSources } from "../../src/server/db/filesSchema";
import { instanceSettings, users } from "../../src/server/db/schema";
import { embedderFor } from "../../src/server/embeddings/currentEmbedder";
import type { Embedder } from "../../src/server/embeddings/embedder";
import { EMBEDDING_SETTING } from "../../src/server/embeddings/embeddingModel";
import { disableVectorExtensionFor, hasVectorExtension } from "../../src/server/embeddings/vectorExtension";
import { insertDocument } from "../../src/server/features/attachments/storeDocument";
import { indexAttachment } from "../../src/server/retrieval/indexAttachment";
import { claimNextJob } from "../../src/server/retrieval/jobs/jobQueue";
import { retrievePassages } from "../../src/server/retrieval/retrieve";
import { blobStoreFor } from "../../src/server/storage/blobStoreFor";
import { startFakeModelServer, type FakeModelServer } from "../../tests/fakes/fakeModelServer";
import { findPostgresBinDir, startPostgres } from "../../tests/support/postgres.mjs";
import { makeDocument, makeQuestions, type Fact } from "./files/corpus";

const { values: args } = parseArgs({
  options: {
    chunks: { type: "string", default: "10000" },
    "pages-per-file": { type: "string", default: "250" },
    "page-chars": { type: "string", default: "2400" },
    queries: { type: "string", default: "120" },
    backends: { type: "string", default: "pglite,postgres" },
    embeddings: { type: "boolean", default: false },
  },
});

const TARGET_PAGES_PER_S = 50;
const TARGET_P95_MS = 50;
const WARMUP_QUERIES = 10;

interface Figures {
  backend: string;
  files: number;
  pages: number;
  chunks: number;
  indexSeconds: number;
  pagesPerSecond: number;
  p50: number;
  p95: number;
  max: number;
  hitRate: number;
  /** This process's CPU time (user + system): all of PGlite's work, only the client's for PostgreSQL. */
  indexCpuSeconds: number;
  cpuP50: number;
  cpuP95: number;
}

const cpuMs = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function indexLibrary(database: Database, config: Config, dataSourceId: string, userId: string) {
  const db = database.db;
  const blobs = blobStoreFor(config);
  const facts: Fact[] = [];
  let chunks = 0;
  let pages = 0;
  let files = 0;
  let indexMs = 0;
  let indexCpuMs = 0;
  const target = Number(args.chunks);
  while (chunks < target) {
    const doc = makeDocument(files + 1, Number(args["pages-per-file"]), Number(args["page-chars"]));
    facts.push(...doc.facts);
    // Upload side (not timed): the blob and the Queued job, as the upload handler leaves them.
    const blobKey = await blobs.put(doc.pdf);
    await db.transaction((tx) =>
      insertDocument(
        tx,
        { originalFileName: `report-${files + 1}.pdf`, mimeType: "application/pdf", bytes: doc.pdf },
        blobKey,
        { ownerUserId: userId, type: "FileSearch", context: "DataSource", dataSourceId },
      ),
    );
    const started = performance.now();
    const cpuStarted = cpuMs();
    const job = await claimNextJob(db, 60_000);
    if (!job) throw new Error("no job to claim");
    const result = await indexAttachment(db, config, job);
    indexMs += performance.now() - started;
    indexCpuMs += cpuMs() - cpuStarted;
    chunks += result.chunkCount;
    pages += result.pageCount ?? 0;
    files++;
    process.stdout.write(
      `  ${database.kind}: file ${files}: ${result.pageCount} pages, ${result.chunkCount} chunks (${chunks} total), ` +
        `${((result.pageCount ?? 0) / ((performance.now() - started) / 1000)).toFixed(0)} pages/s\n`,
    );
  }
  return { facts, chunks, pages, files, indexSeconds: indexMs / 1000, indexCpuSeconds: indexCpuMs / 1000 };
}

async function measureRetrieval(database: Database, dataSourceId: string, facts: Fact[], embedder: Embedder | null) {
  const questions = makeQuestions(facts, Number(args.queries));
  const ask = (question: string) =>
    retrievePassages(database.db, { attachmentIds: [], dataSourceIds: [dataSourceId], question, embedder });
  for (const q of questions.slice(0, WARMUP_QUERIES)) await ask(q);
  const times: number[] = [];
  const cpuTimes: number[] = [];
  let factQuestions = 0;
  let hits = 0;
  for (const [i, question] of questions.entries()) {
    const started = performance.now();
    const cpuStarted = cpuMs();
    const passages = await ask(question);
    times.push(performance.now() - started);
    cpuTimes.push(cpuMs() - cpuStarted);
    // Fact questions (every 5th from 0) should find the page stating the fact.
    if (i % 5 === 0) {
      factQuestions++;
      const project = /project (.+)\?$/.exec(question)?.[1];
      if (project && passages.some((p) => p.content.includes(project))) hits++;
    }
  }
  times.sort((a, b) => a - b);
  cpuTimes.sort((a, b) => a - b);
  return {
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    max: times.at(-1)!,
    hitRate: hits / factQuestions,
    cpuP50: percentile(cpuTimes, 50),
    cpuP95: percentile(cpuTimes, 95),
  };
}

/** The fake server's embedding model as the instance's embedding deployment. */
async function selectFakeEmbeddings(database: Database, fake: FakeModelServer): Promise<void> {
  const [connection] = await database.db
    .insert(connections)
    .values({ name: "Fake embeddings", providerType: "openaiCompatible", baseUrl: fake.openaiBaseUrl })
    .returning();
  const [deployment] = await database.db
    .insert(deployments)
    .values({ connectionId: connection!.connectionId, deploymentName: "fake-embedding", displayName: "Fake embedding" })
    .returning();
  await database.db
    .insert(instanceSettings)
    .values({ key: EMBEDDING_SETTING, value: { deploymentId: deployment!.deploymentId } });
}

async function runOn(kind: "pglite" | "postgres", databaseUrl?: string): Promise<Figures[]> {
  const dataDir = mkdtempSync(join(tmpdir(), "bench-files-"));
  const config = loadConfig({ DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
  const database = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir });
  try {
    await database.migrate();
    const [user] = await database.db
      .insert(users)
      .values({ userName: "bench", displayName: "Bench" })
      .returning({ userId: users.userId });
    const [library] = await database.db
      .insert(dataSources)
      .values({ name: "Bench library" })
      .returning({ dataSourceId: dataSources.dataSourceId });
    if (fake) await selectFakeEmbeddings(database, fake);
    const embedder = await embedderFor(database.db, config);
    console.log(`${kind}: indexing${embedder ? " with embeddings" : ""}…`);
    const indexed = await indexLibrary(database, config, library!.dataSourceId, user!.userId);
    if (kind === "postgres") await database.db.execute(sql`analyze`);
    const figures = (backend: string, retrieval: Awaited<ReturnType<typeof measureRetrieval>>): Figures => ({
      backend,
      files: indexed.files,
      pages: indexed.pages,
      chunks: indexed.chunks,
      indexSeconds: indexed.indexSeconds,
      indexCpuSeconds: indexed.indexCpuSeconds,
      pagesPerSecond: indexed.pages / indexed.indexSeconds,
      ...retrieval,
    });
    const vectors = embedder ? ((await hasVectorExtension(database.db)) ? "+pgvector" : "+exact cosine in process") : "";
    console.log(`${kind}${vectors}: ${Number(args.queries)} questions…`);
    const results = [figures(`${kind}${vectors}`, await measureRetrieval(database, library!.dataSourceId, indexed.facts, embedder))];
    if (embedder && vectors === "+pgvector") {
      disableVectorExtensionFor(database.db);
      console.log(`${kind}+exact cosine in process: ${Number(args.queries)} questions…`);
      const exact = await measureRetrieval(database, library!.dataSourceId, indexed.facts, embedder);
      results.push(figures(`${kind}+exact cosine in process`, exact));
    }
    return results;
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const verdict = (ok: boolean) => (ok ? "PASS" : "MISS");

function report(f: Figures) {
  console.log(
    `\n${f.backend}: ${f.files} files, ${f.pages} pages, ${f.chunks} chunks\n` +
      `  indexing  ${f.pagesPerSecond.toFixed(1)} pages/s (${f.indexSeconds.toFixed(1)} s)  target ≥ ${TARGET_PAGES_PER_S}: ${verdict(f.pagesPerSecond >= TARGET_PAGES_PER_S)}\n` +
      `  this process's CPU: indexing ${f.indexCpuSeconds.toFixed(1)} s (${(f.pages / f.indexCpuSeconds).toFixed(1)} pages per CPU-second), ` +
      `retrieval p50 ${f.cpuP50.toFixed(1)} ms, p95 ${f.cpuP95.toFixed(1)} ms\n` +
      `  retrieval p50 ${f.p50.toFixed(1)} ms, p95 ${f.p95.toFixed(1)} ms, max ${f.max.toFixed(1)} ms  target p95 ≤ ${TARGET_P95_MS}: ${verdict(f.p95 <= TARGET_P95_MS)}\n` +
      `  fact questions answered from the right page: ${(f.hitRate * 100).toFixed(0)} %`,
  );
}

const results: Figures[] = [];
const backends = args.backends.split(",");
console.log(
  `load average at start: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`,
);
const fake = args.embeddings ? await startFakeModelServer() : undefined;
if (backends.includes("pglite")) results.push(...(await runOn("pglite")));
if (backends.includes("postgres")) {
  if (!findPostgresBinDir()) console.log("postgres: skipped (no server binaries; apt-get install postgresql)");
  else {
    const postgres = await startPostgres();
    try {
      results.push(...(await runOn("postgres", postgres.url)));
    } finally {
      await postgres.stop();
    }
  }
}
await fake?.close();
results.forEach(report);
console.log(
  `load average at end: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`,
);
console.log(JSON.stringify(results));
