/**
 * Server streaming overhead benchmark (not a test): what does the product add
 * between the model and the browser?
 *
 *   npm run bench:streaming -- [--tokens 50] [--delay-ms 20] [--title-tokens 6]
 *     [--concurrency 1,200] [--rounds-single 10] [--rounds-concurrent 2] [--warmup 20]
 *     [--layout workers|inline] [--database both|pglite|postgres] [--database-url postgres://...]
 *     [--profile] [--cpu-profile-out PREFIX] [--timeout-s 400]
 *
 * Starts the fake model server (tests/fakes, real HTTP, OpenAI streaming protocol;
 * every answer request gets the same script: --tokens chunks with --delay-ms before
 * each; the product's title request gets --title-tokens chunks, see
 * benchModelServer.ts) and the real server in-process (scripts/bench/lib/benchServer.ts:
 * buildApp on 127.0.0.1:0 over a fresh database, migrated and seeded), a `user`-role
 * user with a product token and an agent bound to the fake server. --database both
 * (the default) measures on an in-memory PGlite, then on a fresh database of a
 * PostgreSQL server: the one at --database-url, or a throwaway one started for the run
 * (tests/support/postgres.mjs; skipped with a note when its binaries are missing).
 * Then, per database and concurrency level:
 *   DIRECT  : N concurrent streams straight from the fake server (the product's request, read
 *             with its event reader, src/server/llm/sseData.ts);
 *   PRODUCT : N concurrent streams through POST /api/internal/userConversations/byGptSystemId/{id}
 *             (frames decoded with src/server/streaming/sse.ts);
 *   both on Node's keep-alive http.request (streamingClient.ts).
 * A level is "N" (all N requests sent at once), "N@R" (the N starts spread evenly
 * over R ms) or "N~T" (N streams in flight: the first N start evenly over one answer's
 * time, --tokens × --delay-ms, or over R ms with "N~T@R"; then each stream that ends
 * starts the next until T have started; only those started while the others were all
 * in flight are measured: the TTFT of a new question while N-1 answers stream).
 * Layout "workers" (default) runs the fake model server and the load generator on
 * worker threads of their own, so the main thread's event loop is the
 * product server's alone (in production the model and the browsers are elsewhere);
 * "inline" puts everything on one event loop (a diagnostic).
 *
 * Figures: time to first token (TTFT; product: first `response-updated` frame),
 * the server-added TTFT (product minus direct, per percentile), tokens/s per stream
 * ((tokens - 1) / (last token - first token)), and database writes per streaming
 * answer (UPDATEs of that answer's conversation_segments row, seen by wrapping the
 * database client, see dbProbe.ts) per second of answer (request sent → last
 * token). Diagnostics: PGlite time (its WebAssembly call is synchronous: it blocks
 * the server's thread), event-loop delay and utilisation, the server thread's CPU time per
 * stream (from /proc: unlike wall times it holds on a busy machine), and with --profile a CPU
 * profile of the server thread during an extra, unmeasured round at the largest level.
 *
 * Prints tables, then one JSON line (the last line of the output).
 */
import { readFileSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import { monitorEventLoopDelay, performance, type EventLoopUtilization } from "node:perf_hooks";
import { parseArgs } from "node:util";
import type { Worker } from "node:worker_threads";
import type { FakeScript } from "../../tests/fakes/fakeModelServer";
import { startBenchModelServer } from "./benchModelServer";
import { startProfile, type ProfileSummary } from "./cpuProfile";
import { probeDatabase, type DbProbe } from "./dbProbe";
import { startBenchServer, throwawayPostgres, type BenchDatabase } from "./lib/benchServer";
import { now, runStreams, type RunRequest, type StreamResult, type Target } from "./streamingClient";
import { call, startTsWorker, type WorkerMessage } from "./workers";

// ---------------------------------------------------------------- options

const USAGE =
  "usage: tsx scripts/bench/streaming.ts [--tokens 50] [--delay-ms 20] [--title-tokens 6] [--concurrency 1,200] " +
  "[--rounds-single 10] [--rounds-concurrent 2] [--warmup 20] [--layout workers|inline] [--database both|pglite|postgres] [--database-url URL] [--profile] [--cpu-profile-out PREFIX] [--timeout-s 400]\n" +
  "  --concurrency: levels, each N (N requests at once), N@R (N requests spread over R ms) or N~T[@R] (N streams in flight until T have started)";

const { values: args } = parseArgs({
  options: {
    tokens: { type: "string", default: "50" },
    "delay-ms": { type: "string", default: "20" },
    "title-tokens": { type: "string", default: "6" },
    concurrency: { type: "string", default: "1,200" },
    "rounds-single": { type: "string", default: "10" },
    "rounds-concurrent": { type: "string", default: "2" },
    warmup: { type: "string", default: "20" },
    layout: { type: "string", default: "workers" },
    database: { type: "string", default: "both" },
    "database-url": { type: "string" },
    profile: { type: "boolean", default: false },
    "cpu-profile-out": { type: "string" },
    "timeout-s": { type: "string", default: "400" },
    help: { type: "boolean", default: false },
  },
});

if (args.help) {
  console.log(USAGE);
  process.exit(0);
}

function intArg(name: string, raw: string | undefined, min: number): number {
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min)
    throw new Error(`--${name} must be an integer >= ${min}, got "${raw}"\n${USAGE}`);
  return value;
}

interface Level {
  concurrency: number;
  rampMs: number;
  /** "N~T": T streams started per round, N kept in flight. */
  total?: number;
  label: string;
}

const TOKENS = intArg("tokens", args.tokens, 2);
const DELAY_MS = intArg("delay-ms", args["delay-ms"], 0);
const TITLE_TOKENS = intArg("title-tokens", args["title-tokens"], 0);
const LEVELS: Level[] = (args.concurrency ?? "").split(",").map((entry) => {
  const [spec, r] = entry.trim().split("@");
  const [n, t] = spec!.split("~");
  const concurrency = intArg("concurrency", n, 1);
  if (t !== undefined) {
    const total = intArg("concurrency (streams started)", t, concurrency + 1);
    const rampMs = r === undefined ? TOKENS * DELAY_MS : intArg("concurrency (ramp ms)", r, 0);
    return { concurrency, rampMs, total, label: `${concurrency} in flight` };
  }
  const rampMs = r === undefined ? 0 : intArg("concurrency (ramp ms)", r, 0);
  return { concurrency, rampMs, label: rampMs ? `c=${concurrency}@${rampMs}ms` : `c=${concurrency}` };
});
const ROUNDS_SINGLE = intArg("rounds-single", args["rounds-single"], 1);
const ROUNDS_CONCURRENT = intArg("rounds-concurrent", args["rounds-concurrent"], 1);
const WARMUP = intArg("warmup", args.warmup, 0);
const TIMEOUT_S = intArg("timeout-s", args["timeout-s"], 10);
if (args.layout !== "inline" && args.layout !== "workers")
  throw new Error(`--layout must be workers or inline, got "${args.layout}"`);
const LAYOUT: "inline" | "workers" = args.layout;
const DATABASE_URL = args["database-url"];
if (!["both", "pglite", "postgres"].includes(args.database ?? ""))
  throw new Error(`--database must be both, pglite or postgres, got "${args.database}"\n${USAGE}`);
const DATABASES = (args.database === "both" ? ["pglite", "postgres"] : [args.database]) as ("pglite" | "postgres")[];
/** With --profile: also keep each profiled round's raw profile as PREFIX-<database>.cpuprofile (for DevTools). */
const PROFILE_OUT = args["cpu-profile-out"];
const PROFILE = args.profile === true || PROFILE_OUT !== undefined;

/** Targets from the issue. */
const TARGET = {
  addedTtftMedianMs: 5,
  addedTtftP99Ms: 20,
  tokensPerSecondRatio: 0.95,
  writesPerSecond: 4,
  atConcurrency: 200,
};
const QUESTION = "Explain in one paragraph how server-sent events carry a streaming answer.";
const SYSTEM_PROMPT = "You are a benchmark agent.";
const STREAM_TIMEOUT_MS = 60_000;

const WORDS = [
  "Server",
  " sent",
  " events",
  " keep",
  " one",
  " HTTP",
  " response",
  " open",
  " and",
  " write",
  " each",
  " piece",
  " as",
  " it",
  " comes.",
];
const ANSWER_SCRIPT: FakeScript = {
  tokens: Array.from({ length: TOKENS }, (_, i) => WORDS[i % WORDS.length]!),
  delayMs: DELAY_MS,
};
const TITLE_SCRIPT: FakeScript | undefined = TITLE_TOKENS
  ? { tokens: Array.from({ length: TITLE_TOKENS }, (_, i) => (i === 0 ? "Streaming" : " answer")), delayMs: DELAY_MS }
  : undefined;

// The whole run is bounded: a stuck stream or server cannot keep the process alive.
const watchdog = setTimeout(() => {
  console.error(`streaming benchmark: gave up after ${TIMEOUT_S} s`);
  process.exit(2);
}, TIMEOUT_S * 1000);
watchdog.unref();

// ---------------------------------------------------------------- statistics

/** Nearest-rank percentile of an unsorted list (undefined when empty). */
function percentile(values: readonly number[], p: number): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}
const median = (values: readonly number[]) => percentile(values, 50);
const round = (value: number | undefined | null, digits = 1) =>
  value === undefined || value === null || !Number.isFinite(value) ? null : Number(value.toFixed(digits));

function maxInWindow(sortedTimes: number[], windowMs: number): number {
  let best = 0;
  for (let i = 0, j = 0; i < sortedTimes.length; i++) {
    while (sortedTimes[i]! - sortedTimes[j]! > windowMs) j++;
    best = Math.max(best, i - j + 1);
  }
  return best;
}

// ---------------------------------------------------------------- the parts

interface Side {
  elu(previous?: EventLoopUtilization): EventLoopUtilization;
  close(): Promise<void>;
}

interface ModelSide extends Side {
  openaiBaseUrl: string;
  stats(): Promise<{ requests: number; titleRequests: number }>;
}

interface ClientSide extends Side {
  run(request: RunRequest): Promise<StreamResult[]>;
}

const mainElu = (previous?: EventLoopUtilization) =>
  previous
    ? performance.eventLoopUtilization(performance.eventLoopUtilization(), previous)
    : performance.eventLoopUtilization();

/**
 * CPU time of the server's thread (the main thread: its id is the process id), in ms, from
 * /proc (Linux; undefined elsewhere). Unlike wall time and event-loop utilisation it does
 * not grow when other processes take the cores: the figure to compare on a busy machine.
 */
function serverThreadCpuMs(): number | undefined {
  try {
    const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // utime and stime are fields 14 and 15 of stat(5), in clock ticks (100 per second on Linux).
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return undefined;
  }
}

const workerElu = (worker: Worker) => (previous?: EventLoopUtilization) =>
  previous
    ? worker.performance.eventLoopUtilization(worker.performance.eventLoopUtilization(), previous)
    : worker.performance.eventLoopUtilization();

function waitReady(worker: Worker): Promise<void> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: WorkerMessage) => {
      if (message.type !== "ready") return;
      worker.off("message", onMessage);
      resolve();
    };
    worker.on("message", onMessage);
    worker.once("error", reject);
  });
}

async function startModelSide(): Promise<ModelSide> {
  if (LAYOUT === "inline") {
    const server = await startBenchModelServer(ANSWER_SCRIPT, TITLE_SCRIPT);
    return {
      openaiBaseUrl: server.openaiBaseUrl,
      elu: mainElu,
      stats: async () => ({ requests: server.requests.length, titleRequests: server.titleRequests() }),
      close: () => server.close(),
    };
  }
  const worker = startTsWorker(new URL("./fakeModelWorker.ts", import.meta.url), {
    answer: ANSWER_SCRIPT,
    title: TITLE_SCRIPT,
  });
  await waitReady(worker);
  type Info = WorkerMessage & { openaiBaseUrl: string; requests: number; titleRequests: number };
  const info = await call<Info>(worker, { type: "info" });
  return {
    openaiBaseUrl: info.openaiBaseUrl,
    elu: workerElu(worker),
    stats: async () => {
      const latest = await call<Info>(worker, { type: "info" });
      return { requests: latest.requests, titleRequests: latest.titleRequests };
    },
    close: async () => {
      await call(worker, { type: "close" });
      await worker.terminate();
    },
  };
}

async function startClientSide(): Promise<ClientSide> {
  if (LAYOUT === "inline") return { run: runStreams, elu: mainElu, close: async () => {} };
  const worker = startTsWorker(new URL("./streamingClientWorker.ts", import.meta.url), null);
  await waitReady(worker);
  return {
    run: async (request) =>
      (await call<WorkerMessage & { results: StreamResult[] }>(worker, { type: "run", request })).results,
    elu: workerElu(worker),
    close: async () => {
      await call(worker, { type: "close" });
      await worker.terminate();
    },
  };
}

interface Product {
  serverUrl: string;
  token: string;
  gptSystemId: string;
  probe: DbProbe;
  close(): Promise<void>;
}

async function startProduct(openaiBaseUrl: string, database: BenchDatabase): Promise<Product> {
  let probe: DbProbe | undefined;
  const server = await startBenchServer({
    name: "bench-streaming",
    // Without a URL: a fresh in-memory PGlite (the product's embedded default, minus the file system).
    database,
    openaiBaseUrl,
    agentName: "Bench agent",
    systemPrompt: SYSTEM_PROMPT,
    beforeListen: (db) => {
      probe = probeDatabase(db);
    },
  });
  return {
    serverUrl: server.url,
    token: server.token,
    gptSystemId: server.gptSystemId,
    probe: probe!,
    close: server.close,
  };
}

// ---------------------------------------------------------------- phases

interface Context {
  client: ClientSide;
  model: ModelSide;
  product: Product;
  direct: Target;
  through: Target;
}

interface PhaseResult {
  mode: "direct" | "product";
  level: Level;
  streams: number;
  ok: number;
  errors: string[];
  wallMs: number;
  ttftMs: number[];
  tokensPerSecond: number[];
  /** Product: request → `conversation-and-segment-id` (authenticated, agent loaded, question stored; the model is called next). */
  preModelMs: number[];
  /** Product: request → `no-more-data`. */
  endMs: number[];
  /** Product: last token → `response-model` (the final write, and the title generation before it). */
  lastTokenToResponseModelMs: number[];
  framesPerChunk: number;
  /** Product, per answer: all UPDATEs of its segment row / answer seconds (request → last token). */
  writesPerSecond: number[];
  streamingWritesPerSecond: number[];
  writesPerAnswer: number[];
  maxWritesInOneSecond: number[];
  db: {
    queries: number;
    /** Every INSERT / UPDATE / DELETE of the phase (storing questions, answers, titles; background jobs too). */
    writes: number;
    transactions: number;
    wasmMs: number;
    wasmCalls: number;
    busyMs: number;
    maxInFlight: number;
    segmentUpdateMs: number[];
  };
  loop: {
    serverElu: number;
    /** Server thread CPU ms per stream (undefined where /proc is missing). */
    serverCpuMsPerStream: number | undefined;
    clientElu: number;
    modelElu: number;
    serverDelayP50Ms: number;
    serverDelayP99Ms: number;
    serverDelayMaxMs: number;
  };
}

async function runPhase(ctx: Context, mode: "direct" | "product", level: Level, rounds: number): Promise<PhaseResult> {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  ctx.product.probe.reset();
  const elu = { server: mainElu(), client: ctx.client.elu(), model: ctx.model.elu() };
  const cpuBefore = serverThreadCpuMs();
  delay.enable();
  const startedAt = now();
  const results: StreamResult[] = [];
  const target = mode === "direct" ? ctx.direct : ctx.through;
  for (let r = 0; r < rounds; r++)
    results.push(
      ...(await ctx.client.run({
        target,
        concurrency: level.concurrency,
        rampMs: level.rampMs,
        total: level.total,
        question: QUESTION,
        timeoutMs: STREAM_TIMEOUT_MS,
      })),
    );
  const wallMs = now() - startedAt;
  delay.disable();
  const loop = {
    serverElu: mainElu(elu.server).utilization,
    serverCpuMsPerStream:
      cpuBefore === undefined ? undefined : (serverThreadCpuMs()! - cpuBefore) / Math.max(1, results.length),
    clientElu: ctx.client.elu(elu.client).utilization,
    modelElu: ctx.model.elu(elu.model).utilization,
    serverDelayP50Ms: delay.percentile(50) / 1e6,
    serverDelayP99Ms: delay.percentile(99) / 1e6,
    serverDelayMaxMs: delay.max / 1e6,
  };
  // An in-flight level measures the streams started with the others all in flight (not its ramp).
  const measured = level.total === undefined ? results : results.filter((r) => r.steady);
  const ok = measured.filter((r) => r.ok);
  const errors = [...new Set(results.filter((r) => !r.ok).map((r) => r.error ?? "unknown"))].slice(0, 5);
  const probe = ctx.product.probe.state;
  const writes = mode === "product" ? ok.map((r) => ({ r, w: probe.segmentWrites.get(r.segmentId ?? "") ?? [] })) : [];
  const answerSeconds = (r: StreamResult) => (r.lastTokenAt! - r.startedAt) / 1000;
  const has = (value: number | undefined): value is number => value !== undefined;
  return {
    mode,
    level,
    streams: measured.length,
    ok: ok.length,
    errors,
    wallMs,
    ttftMs: ok.map((r) => r.firstTokenAt! - r.startedAt),
    tokensPerSecond: ok
      .filter((r) => r.tokens > 1 && r.lastTokenAt! > r.firstTokenAt!)
      .map((r) => (r.tokens - 1) / ((r.lastTokenAt! - r.firstTokenAt!) / 1000)),
    preModelMs: ok.filter((r) => has(r.firstFrameAt)).map((r) => r.firstFrameAt! - r.startedAt),
    endMs: ok.filter((r) => has(r.endedAt)).map((r) => r.endedAt! - r.startedAt),
    lastTokenToResponseModelMs: ok
      .filter((r) => has(r.responseModelAt))
      .map((r) => r.responseModelAt! - r.lastTokenAt!),
    // Answer frames per network read: the product's stream only.
    framesPerChunk:
      mode === "product"
        ? ok.reduce((a, r) => a + r.tokens, 0) / Math.max(1, ok.reduce((a, r) => a + (r.answerChunks ?? 0), 0))
        : NaN,
    writesPerSecond: writes.map(({ r, w }) => w.length / answerSeconds(r)),
    streamingWritesPerSecond: writes.map(({ r, w }) => w.filter((x) => x.streaming).length / answerSeconds(r)),
    writesPerAnswer: writes.map(({ w }) => w.length),
    maxWritesInOneSecond: writes.map(({ w }) =>
      maxInWindow(
        w.map((x) => x.at).sort((a, b) => a - b),
        1000,
      ),
    ),
    db: {
      queries: probe.queries,
      writes: probe.writes,
      transactions: probe.transactions,
      wasmMs: probe.wasmMs,
      wasmCalls: probe.wasmCalls,
      busyMs: probe.busyMs,
      maxInFlight: probe.maxInFlight,
      segmentUpdateMs: probe.segmentUpdateLatencies,
    },
    loop,
  };
}

// ---------------------------------------------------------------- report

const fmt = (value: number | undefined | null, digits = 1) =>
  value === undefined || value === null || !Number.isFinite(value) ? "–" : value.toFixed(digits);
const pad = (text: string, width: number) => (text.length >= width ? text : text + " ".repeat(width - text.length));
const lpad = (text: string, width: number) => (text.length >= width ? text : " ".repeat(width - text.length) + text);
const verdict = (pass: boolean) => (pass ? "PASS" : "MISS");

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => (r[c] ?? "").length)));
  return rows
    .map((r) => r.map((cell, c) => (c >= 1 ? lpad(cell, widths[c]!) : pad(cell, widths[c]!))).join("  "))
    .join("\n");
}

function summarizeLevel(direct: PhaseResult, product: PhaseResult) {
  const ttft = (p: PhaseResult) => ({ median: median(p.ttftMs), p99: percentile(p.ttftMs, 99) });
  const d = ttft(direct);
  const p = ttft(product);
  const dTps = median(direct.tokensPerSecond);
  const pTps = median(product.tokensPerSecond);
  const db = product.db;
  return {
    level: product.level,
    streams: { direct: `${direct.ok}/${direct.streams}`, product: `${product.ok}/${product.streams}` },
    errors: { direct: direct.errors, product: product.errors },
    ttftMs: { direct: d, product: p },
    serverAddedTtftMs: { median: (p.median ?? NaN) - (d.median ?? NaN), p99: (p.p99 ?? NaN) - (d.p99 ?? NaN) },
    tokensPerSecond: { direct: dTps, product: pTps, ratio: (pTps ?? NaN) / (dTps ?? NaN) },
    preModelMs: { median: median(product.preModelMs), p99: percentile(product.preModelMs, 99) },
    endMs: { median: median(product.endMs) },
    lastTokenToResponseModelMs: { median: median(product.lastTokenToResponseModelMs) },
    framesPerChunk: { direct: direct.framesPerChunk, product: product.framesPerChunk },
    writes: {
      perSecondMedian: median(product.writesPerSecond),
      perSecondMax: percentile(product.writesPerSecond, 100),
      throttledPerSecondMedian: median(product.streamingWritesPerSecond),
      perAnswerMedian: median(product.writesPerAnswer),
      perAnswerMax: percentile(product.writesPerAnswer, 100),
      busiestSecondMedian: median(product.maxWritesInOneSecond),
      busiestSecondMax: percentile(product.maxWritesInOneSecond, 100),
    },
    allWrites: {
      perAnswer: db.writes / Math.max(1, product.ok),
      // Per second of answering: every write of the phase over the summed request → no-more-data times.
      perAnswerSecond: db.writes / Math.max(1e-9, product.endMs.reduce((a, b) => a + b, 0) / 1000),
    },
    db: {
      statementsPerStream: db.queries / product.streams,
      transactionsPerStream: db.transactions / product.streams,
      wasmMsPerStream: db.wasmMs / product.streams,
      wasmMsPerCall: db.wasmMs / Math.max(1, db.wasmCalls),
      wasmShareOfWall: db.wasmMs / product.wallMs,
      busyShareOfWall: db.busyMs / product.wallMs,
      maxInFlight: db.maxInFlight,
      segmentUpdateMs: { median: median(db.segmentUpdateMs), p99: percentile(db.segmentUpdateMs, 99) },
    },
    loop: { direct: direct.loop, product: product.loop },
    wallMs: { direct: direct.wallMs, product: product.wallMs },
  };
}

type LevelSummary = ReturnType<typeof summarizeLevel>;

function printReport(
  levels: LevelSummary[],
  databaseKind: string,
  profile: ProfileSummary | undefined,
  profiledLabel: string,
) {
  const pglite = databaseKind === "pglite";
  const head = ["", ...levels.flatMap((l) => [`${l.level.label} direct`, `${l.level.label} product`])];
  const both = (f: (l: LevelSummary, side: "direct" | "product") => string) =>
    levels.flatMap((l) => [f(l, "direct"), f(l, "product")]);
  const productOnly = (f: (l: LevelSummary) => string) => levels.flatMap((l) => ["", f(l)]);

  console.log("\nPer stream (ms unless stated; TTFT = request sent → first answer token)");
  console.log(
    table([
      head,
      ["streams ok", ...both((l, s) => l.streams[s])],
      ["TTFT median", ...both((l, s) => fmt(l.ttftMs[s].median))],
      ["TTFT p99", ...both((l, s) => fmt(l.ttftMs[s].p99))],
      ["tokens/s median", ...both((l, s) => fmt(l.tokensPerSecond[s], 2))],
      ["answer frames per network read", ...both((l, s) => (s === "product" ? fmt(l.framesPerChunk[s], 2) : ""))],
      ["→ first frame (before the model call) median", ...productOnly((l) => fmt(l.preModelMs.median))],
      ["→ first frame (before the model call) p99", ...productOnly((l) => fmt(l.preModelMs.p99))],
      ["last token → response-model median", ...productOnly((l) => fmt(l.lastTokenToResponseModelMs.median))],
      ["→ no-more-data median", ...productOnly((l) => fmt(l.endMs.median))],
      ["DB writes/s per answer median", ...productOnly((l) => fmt(l.writes.perSecondMedian, 2))],
      ["DB writes/s per answer max", ...productOnly((l) => fmt(l.writes.perSecondMax, 2))],
      ["  throttled (status Streaming) only, median", ...productOnly((l) => fmt(l.writes.throttledPerSecondMedian, 2))],
      [
        "DB writes per answer median/max",
        ...productOnly((l) => `${fmt(l.writes.perAnswerMedian, 0)}/${fmt(l.writes.perAnswerMax, 0)}`),
      ],
      [
        "DB writes in the busiest 1 s median/max",
        ...productOnly((l) => `${fmt(l.writes.busiestSecondMedian, 0)}/${fmt(l.writes.busiestSecondMax, 0)}`),
      ],
      ["all DB writes per answer (question, saves, final state, title)", ...productOnly((l) => fmt(l.allWrites.perAnswer, 2))],
      ["all DB writes per second of answering", ...productOnly((l) => fmt(l.allWrites.perAnswerSecond, 2))],
    ]),
  );

  console.log(`\nServer thread and database (${databaseKind}) during the measured rounds`);
  console.log(
    table([
      head,
      ["server event-loop utilisation", ...both((l, s) => `${fmt(l.loop[s].serverElu * 100, 0)} %`)],
      ["server thread CPU ms per stream", ...both((l, s) => fmt(l.loop[s].serverCpuMsPerStream))],
      [
        "server event-loop delay p50/p99/max",
        ...both(
          (l, s) =>
            `${fmt(l.loop[s].serverDelayP50Ms)}/${fmt(l.loop[s].serverDelayP99Ms)}/${fmt(l.loop[s].serverDelayMaxMs)}`,
        ),
      ],
      [
        "client / model thread utilisation",
        ...both((l, s) =>
          LAYOUT === "inline"
            ? "same thread"
            : `${fmt(l.loop[s].clientElu * 100, 0)} % / ${fmt(l.loop[s].modelElu * 100, 0)} %`,
        ),
      ],
      [
        "SQL statements + transactions per stream (incl. background jobs)",
        ...productOnly((l) => `${fmt(l.db.statementsPerStream)} + ${fmt(l.db.transactionsPerStream)}`),
      ],
      ...(pglite
        ? [
            ["PGlite WebAssembly ms per stream", ...productOnly((l) => fmt(l.db.wasmMsPerStream, 2))],
            ["PGlite WebAssembly ms per protocol call", ...productOnly((l) => fmt(l.db.wasmMsPerCall, 3))],
            ["PGlite WebAssembly share of wall time", ...productOnly((l) => `${fmt(l.db.wasmShareOfWall * 100)} %`)],
          ]
        : []),
      ["database busy (≥1 statement in flight)", ...productOnly((l) => `${fmt(l.db.busyShareOfWall * 100)} %`)],
      ["max statements in flight", ...productOnly((l) => fmt(l.db.maxInFlight, 0))],
      [
        "segment UPDATE latency median/p99",
        ...productOnly((l) => `${fmt(l.db.segmentUpdateMs.median)}/${fmt(l.db.segmentUpdateMs.p99)}`),
      ],
      ["round wall time (s)", ...both((l, s) => fmt(l.wallMs[s] / 1000))],
    ]),
  );

  console.log("\nDerived figures and targets (from the issue)");
  console.log(
    table([
      ["", ...levels.map((l) => l.level.label), "target"],
      [
        "server-added TTFT median (ms)",
        ...levels.map(
          (l) =>
            `${fmt(l.serverAddedTtftMs.median)} ${verdict(l.serverAddedTtftMs.median <= TARGET.addedTtftMedianMs)}`,
        ),
        `≤ ${TARGET.addedTtftMedianMs} at c=${TARGET.atConcurrency}`,
      ],
      [
        "server-added TTFT p99 (ms)",
        ...levels.map(
          (l) => `${fmt(l.serverAddedTtftMs.p99)} ${verdict(l.serverAddedTtftMs.p99 <= TARGET.addedTtftP99Ms)}`,
        ),
        `≤ ${TARGET.addedTtftP99Ms} at c=${TARGET.atConcurrency}`,
      ],
      [
        "tokens/s product ÷ direct",
        ...levels.map(
          (l) =>
            `${fmt(l.tokensPerSecond.ratio, 3)} ${verdict(l.tokensPerSecond.ratio >= TARGET.tokensPerSecondRatio)}`,
        ),
        `≥ ${TARGET.tokensPerSecondRatio}`,
      ],
      [
        "DB writes/s per answer, median",
        ...levels.map(
          (l) =>
            `${fmt(l.writes.perSecondMedian, 2)} ${verdict((l.writes.perSecondMedian ?? Infinity) <= TARGET.writesPerSecond)}`,
        ),
        `≤ ${TARGET.writesPerSecond}`,
      ],
      [
        "DB writes in the busiest 1 s of an answer, median",
        ...levels.map(
          (l) =>
            `${fmt(l.writes.busiestSecondMedian, 0)} ${verdict((l.writes.busiestSecondMedian ?? Infinity) <= TARGET.writesPerSecond)}`,
        ),
        `≤ ${TARGET.writesPerSecond}`,
      ],
    ]),
  );

  if (profile) {
    console.log(
      `\nCPU profile of the server thread, product ${profiledLabel}, one extra round (self time, ${fmt(profile.wallMs, 0)} ms wall)`,
    );
    console.log(
      table([
        ["area", "ms", "share"],
        ...profile.areas.slice(0, 14).map((a) => [a.area, fmt(a.ms, 0), `${fmt(a.share * 100)} %`]),
      ]),
    );
    console.log("\nHottest functions (self time)");
    console.log(
      table([
        ["function", "where", "ms", "share"],
        ...profile.functions.map((f) => [f.name, f.where, fmt(f.ms, 0), `${fmt(f.share * 100)} %`]),
      ]),
    );
  }
}

// ---------------------------------------------------------------- main

/** Other processes on the machine distort every figure: say so. */
function machineLoad(): { load1: number; cores: number; busy: boolean } {
  const load1 = loadavg()[0] ?? 0;
  const cores = availableParallelism();
  return { load1: Number(load1.toFixed(2)), cores, busy: load1 > cores * 0.5 };
}

const DATABASE_LABEL = { pglite: "PGlite in memory", postgres: "PostgreSQL" } as const;

/** One full run (warm-up, every level, optional profile) against a fresh server on `database`; prints its report. */
async function benchOn(
  database: BenchDatabase,
  label: string,
  model: ModelSide,
  client: ClientSide,
): Promise<{ json: Record<string, unknown>; targets: Targets }> {
  const began = now();
  const loadBefore = machineLoad();
  const product = await startProduct(model.openaiBaseUrl, database);
  const setupMs = now() - began;
  const ctx: Context = {
    client,
    model,
    product,
    direct: { mode: "direct", openaiBaseUrl: model.openaiBaseUrl, model: "fake-model", systemPrompt: SYSTEM_PROMPT },
    through: { mode: "product", serverUrl: product.serverUrl, gptSystemId: product.gptSystemId, token: product.token },
  };

  try {
    // Warm-up (JIT, connection pools, plans): not measured, must succeed.
    for (const mode of ["direct", "product"] as const)
      for (const concurrency of [1, WARMUP].filter((c) => c > 0)) {
        const warm = await runPhase(ctx, mode, { concurrency, rampMs: 0, label: "warm-up" }, 1);
        if (warm.ok !== warm.streams) throw new Error(`warm-up ${mode} failed: ${warm.errors.join("; ")}`);
      }

    const levels: LevelSummary[] = [];
    for (const level of LEVELS) {
      const rounds = level.concurrency === 1 ? ROUNDS_SINGLE : ROUNDS_CONCURRENT;
      const direct = await runPhase(ctx, "direct", level, rounds);
      const through = await runPhase(ctx, "product", level, rounds);
      for (const phase of [direct, through])
        console.log(
          `  ${phase.mode.padEnd(7)} ${level.label.padEnd(14)} ${phase.ok}/${phase.streams} ok in ${(phase.wallMs / 1000).toFixed(1)} s` +
            (phase.errors.length ? `  errors: ${phase.errors.join("; ")}` : ""),
        );
      levels.push(summarizeLevel(direct, through));
    }

    const largest = LEVELS.reduce((a, b) => (b.concurrency > a.concurrency ? b : a));
    let profile: ProfileSummary | undefined;
    if (PROFILE) {
      const stop = await startProfile(500, PROFILE_OUT && `${PROFILE_OUT}-${product.probe.kind}.cpuprofile`);
      const profiled = await runPhase(ctx, "product", largest, 1);
      profile = await stop();
      console.log(
        `  profile round (product ${largest.label}, not counted): ${profiled.ok}/${profiled.streams} ok in ${(profiled.wallMs / 1000).toFixed(1)} s`,
      );
    }
    const modelStats = await ctx.model.stats();
    const loadAfter = machineLoad();

    printReport(levels, product.probe.kind, profile, largest.label);
    console.log(
      `\nmodel server: ${modelStats.requests} requests so far, of which ${modelStats.titleRequests} title requests (short script); setup ${fmt(setupMs / 1000)} s; total ${fmt((now() - began) / 1000)} s; ` +
        `load average ${loadBefore.load1} before, ${loadAfter.load1} after (${loadAfter.cores} cores)${loadAfter.busy ? " — WARNING: a busy machine distorts the figures" : ""}`,
    );

    // The targets, judged at its level: 200 streams in flight, else 200 requests at once, else the largest level.
    const at200 = levels.filter((l) => l.level.concurrency === TARGET.atConcurrency);
    const judged =
      at200.find((l) => l.level.total !== undefined) ??
      at200.find((l) => l.level.rampMs === 0) ??
      levels.find((l) => l.level === largest)!;
    const worstRatio = Math.min(...levels.map((l) => l.tokensPerSecond.ratio));
    const worstWrites = Math.max(...levels.map((l) => l.writes.perSecondMedian ?? 0));
    const targets = {
      judgedAt: judged.level.label,
      serverAddedTtftMedianMs: {
        value: round(judged.serverAddedTtftMs.median, 2),
        target: TARGET.addedTtftMedianMs,
        pass: judged.serverAddedTtftMs.median <= TARGET.addedTtftMedianMs,
      },
      serverAddedTtftP99Ms: {
        value: round(judged.serverAddedTtftMs.p99, 2),
        target: TARGET.addedTtftP99Ms,
        pass: judged.serverAddedTtftMs.p99 <= TARGET.addedTtftP99Ms,
      },
      tokensPerSecondRatioWorst: {
        value: round(worstRatio, 3),
        target: TARGET.tokensPerSecondRatio,
        pass: worstRatio >= TARGET.tokensPerSecondRatio,
      },
      dbWritesPerSecondPerAnswerWorstMedian: {
        value: round(worstWrites, 2),
        target: TARGET.writesPerSecond,
        pass: worstWrites <= TARGET.writesPerSecond,
      },
    };
    const json = {
      benchmark: "streaming",
      config: {
        tokens: TOKENS,
        delayMs: DELAY_MS,
        titleTokens: TITLE_TOKENS,
        levels: LEVELS.map((l) => l.label),
        roundsSingle: ROUNDS_SINGLE,
        roundsConcurrent: ROUNDS_CONCURRENT,
        warmup: WARMUP,
        layout: LAYOUT,
        database: label,
        node: process.version,
      },
      machine: { cores: loadAfter.cores, loadBefore: loadBefore.load1, loadAfter: loadAfter.load1 },
      setupMs: round(setupMs, 0),
      totalMs: round(now() - began, 0),
      levels: levels.map((l) => ({
        level: l.level.label,
        concurrency: l.level.concurrency,
        rampMs: l.level.rampMs,
        ...(l.level.total !== undefined && { streamsStarted: l.level.total }),
        streams: l.streams,
        errors: l.errors,
        ttftMs: {
          direct: { median: round(l.ttftMs.direct.median, 2), p99: round(l.ttftMs.direct.p99, 2) },
          product: { median: round(l.ttftMs.product.median, 2), p99: round(l.ttftMs.product.p99, 2) },
        },
        serverAddedTtftMs: { median: round(l.serverAddedTtftMs.median, 2), p99: round(l.serverAddedTtftMs.p99, 2) },
        tokensPerSecond: {
          direct: round(l.tokensPerSecond.direct, 2),
          product: round(l.tokensPerSecond.product, 2),
          ratio: round(l.tokensPerSecond.ratio, 3),
        },
        preModelMs: { median: round(l.preModelMs.median, 2), p99: round(l.preModelMs.p99, 2) },
        lastTokenToResponseModelMs: round(l.lastTokenToResponseModelMs.median, 1),
        dbWritesPerSecondPerAnswer: {
          median: round(l.writes.perSecondMedian, 2),
          max: round(l.writes.perSecondMax, 2),
          throttledMedian: round(l.writes.throttledPerSecondMedian, 2),
        },
        allDbWrites: {
          perAnswer: round(l.allWrites.perAnswer, 2),
          perAnswerSecond: round(l.allWrites.perAnswerSecond, 2),
        },
        dbWritesPerAnswer: {
          median: l.writes.perAnswerMedian ?? null,
          max: l.writes.perAnswerMax ?? null,
          busiestSecondMax: l.writes.busiestSecondMax ?? null,
        },
        db: {
          statementsPerStream: round(l.db.statementsPerStream, 2),
          wasmMsPerStream: round(l.db.wasmMsPerStream, 2),
          wasmShareOfWall: round(l.db.wasmShareOfWall, 3),
          busyShareOfWall: round(l.db.busyShareOfWall, 3),
        },
        serverLoop: {
          elu: round(l.loop.product.serverElu, 3),
          cpuMsPerStream: round(l.loop.product.serverCpuMsPerStream, 1),
          delayP99Ms: round(l.loop.product.serverDelayP99Ms, 1),
          delayMaxMs: round(l.loop.product.serverDelayMaxMs, 1),
        },
      })),
      targets,
      profile: profile && {
        level: largest.label,
        wallMs: round(profile.wallMs, 0),
        areas: profile.areas.slice(0, 10).map((a) => ({ area: a.area, share: round(a.share, 3) })),
      },
    };
    return { json, targets };
  } finally {
    await product.close();
  }
}

type Targets = {
  judgedAt: string;
  serverAddedTtftMedianMs: { value: number | null; target: number; pass: boolean };
  serverAddedTtftP99Ms: { value: number | null; target: number; pass: boolean };
  tokensPerSecondRatioWorst: { value: number | null; target: number; pass: boolean };
  dbWritesPerSecondPerAnswerWorstMedian: { value: number | null; target: number; pass: boolean };
};

async function main(): Promise<void> {
  const began = now();
  const loadBefore = machineLoad();
  console.log(
    `streaming benchmark: answers of ${TOKENS} tokens with ${DELAY_MS} ms before each, titles of ${TITLE_TOKENS || TOKENS} tokens; ` +
      `levels ${LEVELS.map((l) => l.label).join(", ")}; rounds ${ROUNDS_SINGLE} (c=1) / ${ROUNDS_CONCURRENT} (c>1); warm-up ${WARMUP}; ` +
      `layout ${LAYOUT}; databases ${DATABASES.map((d) => DATABASE_LABEL[d]).join(", ")}; Node ${process.version}`,
  );
  if (loadBefore.busy)
    console.log(
      `WARNING: load average ${loadBefore.load1} on ${loadBefore.cores} cores before the run: other processes will distort the figures`,
    );
  const model = await startModelSide();
  const client = await startClientSide();
  const throwaway = DATABASES.includes("postgres") && !DATABASE_URL ? await throwawayPostgres() : undefined;
  const runs: { database: string; json: Record<string, unknown>; targets: Targets }[] = [];
  try {
    for (const kind of DATABASES) {
      const serverUrl = DATABASE_URL ?? throwaway?.url;
      if (kind === "postgres" && !serverUrl) {
        console.log(
          "\n=== PostgreSQL: skipped (no server binaries: apt-get install postgresql, set PG_BINDIR, or pass --database-url) ===",
        );
        continue;
      }
      const label = DATABASE_LABEL[kind];
      console.log(
        `\n=== ${label}${kind === "postgres" ? (DATABASE_URL ? " (--database-url)" : " (throwaway server)") : ""} ===`,
      );
      const database: BenchDatabase = kind === "postgres" ? { kind, serverUrl: serverUrl! } : { kind };
      runs.push({ database: label, ...(await benchOn(database, label, model, client)) });
    }

    console.log("\nTargets per database (from the issue)");
    const cell = (t: { value: number | null; pass: boolean }) => `${t.value ?? "–"} ${verdict(t.pass)}`;
    console.log(
      table([
        ["", ...runs.map((r) => `${r.database} (${r.targets.judgedAt})`), "target"],
        [
          "server-added TTFT median (ms)",
          ...runs.map((r) => cell(r.targets.serverAddedTtftMedianMs)),
          `≤ ${TARGET.addedTtftMedianMs}`,
        ],
        [
          "server-added TTFT p99 (ms)",
          ...runs.map((r) => cell(r.targets.serverAddedTtftP99Ms)),
          `≤ ${TARGET.addedTtftP99Ms}`,
        ],
        [
          "tokens/s product ÷ direct, worst level",
          ...runs.map((r) => cell(r.targets.tokensPerSecondRatioWorst)),
          `≥ ${TARGET.tokensPerSecondRatio}`,
        ],
        [
          "DB writes/s per answer, worst level median",
          ...runs.map((r) => cell(r.targets.dbWritesPerSecondPerAnswerWorstMedian)),
          `≤ ${TARGET.writesPerSecond}`,
        ],
        [
          "  all DB writes per second of answering, worst level (incl. question and final state)",
          ...runs.map((r) => {
            const levels = r.json.levels as { allDbWrites: { perAnswerSecond: number | null } }[];
            return String(Math.max(...levels.map((l) => l.allDbWrites.perAnswerSecond ?? 0)));
          }),
          "",
        ],
      ]),
    );
    const loadAfter = machineLoad();
    const json = {
      benchmark: "streaming",
      machine: { cores: loadAfter.cores, loadBefore: loadBefore.load1, loadAfter: loadAfter.load1 },
      totalMs: round(now() - began, 0),
      runs: runs.map((r) => r.json),
    };
    console.log(`\n${JSON.stringify(json)}`);
  } finally {
    await client.close();
    await model.close();
    await throwaway?.stop();
  }
}

main().then(
  () => {
    clearTimeout(watchdog);
    // Everything is closed; a straggling handle must not keep the process alive.
    setTimeout(() => process.exit(0), 2000).unref();
  },
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  },
);
