/**
 * Chat page benchmark (not a test): how fast does a long conversation open, how
 * big is its DOM, and what does a streaming answer cost the browser's main thread?
 *
 *   npm run bench:chat-page -- [--turns 150] [--tokens 200] [--delay-ms 20] [--runs 5] [--skip-build] [--profile] [--cpu-profile]
 *
 * Builds the front end (vite build), starts the real server on a temporary
 * DATA_DIR serving dist/, writes a conversation of --turns questions and answers
 * (2 × turns messages) into its database, and opens it in Debian's Chromium
 * (playwright-core, 1440×900):
 *   open    : navigation start → the last message rendered in the viewport (a rAF
 *             after it is in the DOM and on screen); run 1 is cold, the rest reloads;
 *   DOM     : element count once open;
 *   stream  : a question answered by the fake model server (--tokens chunks, --delay-ms
 *             apart, OpenAI protocol) while Chromium traces; every main-thread task is
 *             charged to the stream chunk (body read) in whose window it starts.
 *   floor   : the same measure on a bare page whose one paragraph grows by a word per chunk (same
 *             cadence, same Chromium): the browser's own cost of a frame on this machine, for scale.
 * Targets: open ≤ 0.5 s, ≤ 5,000 DOM nodes, ≤ 2 ms main-thread per chunk (p95).
 * BENCH_STATIC_DIR=<dir> (with --skip-build) serves another build, e.g. an unminified one
 * (`vite build --minify false`) whose function names make --cpu-profile readable.
 */
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { parseArgs } from "node:util";
import { chromium, type Page } from "playwright-core";
import { startBenchModelServer } from "./benchModelServer";
import { analyseTrace, percentile } from "./chatPage/traceAnalysis";
import { PROFILE_TRACE_CATEGORIES, breakdownTrace, hottestFunctions } from "./chatPage/traceBreakdown";
import { startProduct } from "./chatPage/startProduct";

const { values: args } = parseArgs({
  options: {
    turns: { type: "string", default: "150" },
    tokens: { type: "string", default: "200" },
    "delay-ms": { type: "string", default: "20" },
    runs: { type: "string", default: "5" },
    "skip-build": { type: "boolean", default: false },
    profile: { type: "boolean", default: false },
    "cpu-profile": { type: "boolean", default: false },
  },
});
const TURNS = Number(args.turns);
const TOKENS = Number(args.tokens);
const DELAY_MS = Number(args["delay-ms"]);
const RUNS = Math.max(1, Number(args.runs));
const TARGET = { openMs: 500, domNodes: 5000, perChunkP95Ms: 2 };
const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** A markdown answer with prose, a list, code, a table and maths, cut into `count` tokens. */
function answerTokens(count: number): string[] {
  const text =
    "Here is the plan, in **three** steps.\n\n1. Read the frames as they arrive.\n2. Append each chunk.\n3. Render once per frame.\n\n" +
    "```ts\nconst total = chunks.reduce((sum, chunk) => sum + chunk.length, 0);\n```\n\n" +
    "| Step | Cost |\n|---|---|\n| parse | small |\n| render | smaller |\n\nThe cost grows as $O(n)$ in the last block only. ";
  const words = text.split(/(?<= )/);
  return Array.from({ length: count }, (_, i) => words[i % words.length]!);
}

/**
 * In the page: resolves with performance.now() (ms since navigation start) one frame after the
 * last row's answer is in the DOM, on screen and filled. A string, so that the bundler's helpers
 * (tsx keeps function names with __name) never reach the page.
 */
const FIRST_VISIBLE_LAST_ROW = `(lastIndex) => new Promise((resolve) => {
  const check = () => {
    const answer = document.querySelector('[data-testid="message-list"] [data-index="' + lastIndex + '"] [data-testid="answer"]');
    const rect = answer && answer.getBoundingClientRect();
    if (rect && rect.bottom > 0 && rect.top < innerHeight && (answer.textContent || "").length > 20) {
      requestAnimationFrame(() => resolve(performance.now()));
      return;
    }
    requestAnimationFrame(check);
  };
  check();
})`;

/** In the page: resolves once the Stop button is gone (the stream ended), looking twice a second. */
const STREAM_ENDED = `new Promise((resolve) => {
  const timer = setInterval(() => {
    if (document.querySelector('button[aria-label="Stop"]')) return;
    clearInterval(timer);
    resolve(true);
  }, 500);
})`;

/** A bare page: one paragraph that grows by a word every DELAY_MS, marking each chunk as the product's page does. */
const BARE_PAGE = `<!doctype html><html><body style="margin:0;font:16px sans-serif">
<div id="log" style="position:absolute;inset:0;overflow-y:auto"><p id="live" style="max-width:800px;margin:24px auto"></p></div>
<script>
  window.growParagraph = (words, delayMs) => new Promise((resolve) => {
    const text = document.getElementById("live").appendChild(document.createTextNode(""));
    let i = 0;
    const timer = setInterval(() => {
      performance.mark("bench-chunk");
      text.data += words[i++];
      if (i === words.length) { clearInterval(timer); setTimeout(resolve, delayMs); }
    }, delayMs);
  });
</script></body></html>`;

async function measureFloor(page: Page): Promise<ReturnType<typeof analyseTrace>> {
  await page.setContent(BARE_PAGE);
  await page.waitForTimeout(300);
  await page.context().browser()!.startTracing(page, { categories: ["toplevel", "blink.user_timing"] });
  await page.evaluate(`growParagraph(${JSON.stringify(answerTokens(TOKENS))}, ${DELAY_MS})`);
  const trace = await page.context().browser()!.stopTracing();
  return analyseTrace(trace.toString("utf8"), "bench-chunk");
}

async function openOnce(page: Page, url: string, reload: boolean): Promise<{ ms: number; nodes: number }> {
  if (reload) await page.reload({ waitUntil: "commit" });
  else await page.goto(url, { waitUntil: "commit" });
  const ms = await page.evaluate<number>(`(${FIRST_VISIBLE_LAST_ROW})(${TURNS - 1})`);
  const nodes = await page.evaluate<number>('document.getElementsByTagName("*").length');
  return { ms, nodes };
}

async function main() {
  if (!args["skip-build"]) execFileSync("npx", ["vite", "build"], { stdio: "ignore" });
  const model = await startBenchModelServer(
    { tokens: answerTokens(TOKENS), delayMs: DELAY_MS },
    { tokens: ["Bench"], delayMs: 0 },
  );
  const product = await startProduct(model.openaiBaseUrl, TURNS);
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.addInitScript(`
      localStorage.setItem("auth", JSON.stringify({ n1aiToken: ${JSON.stringify(product.token)} }));
      // Marks every body read of a stream (the answer's chunks) while the benchmark listens.
      const read = ReadableStreamDefaultReader.prototype.read;
      ReadableStreamDefaultReader.prototype.read = function () {
        return read.call(this).then((result) => {
          if (!result.done && window.benchCapture) performance.mark("bench-chunk");
          return result;
        });
      };
    `);
    const page = await context.newPage();
    const url = `${product.url}/chat?c=${product.conversationId}`;

    const opens: { ms: number; nodes: number }[] = [];
    for (let run = 0; run < RUNS; run++) opens.push(await openOnce(page, url, run > 0));

    const cdp = await context.newCDPSession(page);
    await cdp.send("Performance.enable");
    const before = await cdp.send("Performance.getMetrics");
    // --profile: a detailed trace (style, layout, paint, script); --cpu-profile: a JS CPU profile. Both cost time of their own.
    await browser.startTracing(page, {
      categories: args.profile ? PROFILE_TRACE_CATEGORIES : ["toplevel", "blink.user_timing"],
    });
    if (args["cpu-profile"]) {
      await cdp.send("Profiler.enable");
      await cdp.send("Profiler.setSamplingInterval", { interval: 100 });
      await cdp.send("Profiler.start");
    }
    await page.evaluate("window.benchCapture = true");
    const input = page.getByRole("textbox", { name: "Message" });
    await input.fill("Explain how the answer is streamed.");
    await input.press("Enter");
    await page.getByRole("button", { name: "Stop" }).waitFor({ state: "visible", timeout: 10_000 });
    // Not locator.waitFor: it queries the accessibility roles of the whole page on every frame, on the
    // page's main thread, which would be charged to the chunks. A plain selector twice a second costs nothing.
    await page.evaluate(STREAM_ENDED);
    await page.evaluate("window.benchCapture = false");
    const cpuProfile = args["cpu-profile"] ? (await cdp.send("Profiler.stop")).profile : null;
    const trace = await browser.stopTracing();
    const after = await cdp.send("Performance.getMetrics");
    const metric = (m: typeof before, name: string) => m.metrics.find((x) => x.name === name)?.value ?? 0;
    const cost = analyseTrace(trace.toString("utf8"), "bench-chunk");
    const domAfterStream = await page.evaluate<number>('document.getElementsByTagName("*").length');
    const floor = await measureFloor(await context.newPage());

    const openMs = opens.map((o) => o.ms);
    const result = {
      turns: TURNS,
      messages: TURNS * 2,
      openMs: {
        cold: Math.round(openMs[0]!),
        warmMedian: Math.round(percentile(openMs.slice(1).length ? openMs.slice(1) : openMs, 50)),
        all: openMs.map(Math.round),
      },
      domNodes: { open: opens.at(-1)!.nodes, afterStream: domAfterStream },
      stream: {
        tokens: TOKENS,
        delayMs: DELAY_MS,
        chunksApplied: cost.chunks,
        mainThreadPerChunkMs: {
          median: Number(percentile(cost.perChunkMs, 50).toFixed(2)),
          p95: Number(percentile(cost.perChunkMs, 95).toFixed(2)),
          max: Number(Math.max(...cost.perChunkMs).toFixed(2)),
          mean: Number((cost.totalMs / cost.chunks).toFixed(2)),
        },
        mainThreadCpuPerChunkMs: {
          median: Number(percentile(cost.perChunkCpuMs, 50).toFixed(2)),
          p95: Number(percentile(cost.perChunkCpuMs, 95).toFixed(2)),
        },
        cdpTaskDurationPerChunkMs: Number(
          (((metric(after, "TaskDuration") - metric(before, "TaskDuration")) * 1000) / cost.chunks).toFixed(2),
        ),
        longTasks: cost.longTasks,
      },
      browserFloorPerChunkMs: {
        median: Number(percentile(floor.perChunkMs, 50).toFixed(2)),
        p95: Number(percentile(floor.perChunkMs, 95).toFixed(2)),
        cpuMedian: Number(percentile(floor.perChunkCpuMs, 50).toFixed(2)),
        cpuP95: Number(percentile(floor.perChunkCpuMs, 95).toFixed(2)),
      },
      targets: TARGET,
    };
    const [load1] = loadavg();
    console.log(
      `machine: ${availableParallelism()} cores, load average ${load1!.toFixed(1)} (task wall times grow when cores are shared)`,
    );
    console.log(
      `open (navigation start → last message visible): cold ${result.openMs.cold} ms, warm median ${result.openMs.warmMedian} ms  (target ≤ ${TARGET.openMs} ms)`,
    );
    console.log(
      `DOM nodes: ${result.domNodes.open} open, ${result.domNodes.afterStream} after streaming  (target ≤ ${TARGET.domNodes})`,
    );
    console.log(
      `streaming ${cost.chunks} chunks: main thread per chunk median ${result.stream.mainThreadPerChunkMs.median} ms, p95 ${result.stream.mainThreadPerChunkMs.p95} ms, max ${result.stream.mainThreadPerChunkMs.max} ms  (target p95 ≤ ${TARGET.perChunkP95Ms} ms); thread CPU time per chunk median ${result.stream.mainThreadCpuPerChunkMs.median} ms, p95 ${result.stream.mainThreadCpuPerChunkMs.p95} ms; CDP TaskDuration/chunk ${result.stream.cdpTaskDurationPerChunkMs} ms; long tasks ${cost.longTasks}`,
    );
    const f = result.browserFloorPerChunkMs;
    console.log(
      `browser floor (a bare page, one paragraph growing by a word per chunk): main thread per chunk median ${f.median} ms, p95 ${f.p95} ms; thread CPU median ${f.cpuMedian} ms, p95 ${f.cpuP95} ms`,
    );
    // The chunks that make the p95: which ones (their index in the stream) and what they cost.
    const costliest = cost.perChunkMs
      .map((ms, index) => ({ index, ms, cpuMs: cost.perChunkCpuMs[index]! }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, Math.ceil(cost.chunks * 0.08));
    console.log(
      `costliest chunks (index: wall / CPU ms): ${costliest.map((c) => `#${c.index}: ${c.ms.toFixed(2)} / ${c.cpuMs.toFixed(2)}`).join(", ")}`,
    );
    // Kept for a closer look in DevTools (Performance panel).
    writeFileSync(join(tmpdir(), "chat-page-stream-trace.json"), trace);
    if (args.profile) {
      const breakdown = breakdownTrace(trace.toString("utf8"), "bench-chunk");
      console.log(
        `main thread self time over ${breakdown.windowMs.toFixed(0)} ms of streaming, per chunk (wall, CPU):`,
      );
      for (const { name, ms, cpuMs } of breakdown.byEvent.slice(0, 25))
        console.log(
          `  ${(ms / cost.chunks).toFixed(3).padStart(7)} ms ${(cpuMs / cost.chunks).toFixed(3).padStart(7)} ms  ${name}`,
        );
    }
    if (cpuProfile) {
      writeFileSync(join(tmpdir(), "chat-page-stream.cpuprofile"), JSON.stringify(cpuProfile));
      console.log(`hottest page functions (self time, whole stream; profile saved in ${tmpdir()}):`);
      for (const fn of hottestFunctions(cpuProfile))
        console.log(`  ${fn.ms.toFixed(1).padStart(7)} ms  ${fn.name}  ${fn.where}`);
    }
    console.log(JSON.stringify(result));
  } finally {
    await browser.close();
    await product.close();
    await model.close();
  }
}

await main();
