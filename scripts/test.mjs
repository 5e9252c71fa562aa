/**
 * `npm test`: the whole suite, exactly as CI runs it (.ci/run), on a machine that may be new.
 * It installs what it needs by itself: npm packages (`npm ci` when node_modules is missing
 * or older than package-lock.json), Debian's `chromium` for e2e and Debian's PostgreSQL
 * server binaries for server-postgres (apt-get, as root), when they are missing.
 *
 * Steps, in this order, each timed:
 *   typecheck        npm run typecheck
 *   lint             npm run lint
 *   codegen          npm run codegen -- --check   (generated files match openapi/)
 *   unit             vitest --project unit        (front end, jsdom)
 *   server-pglite    vitest --project server      (embedded PGlite)
 *   server-postgres  vitest --project server      with DATABASE_URL → a throwaway PostgreSQL
 *   build            npm run build                (vite build into dist/)
 *   e2e              vitest --project e2e         (Debian Chromium against dist/ and the real server)
 * A failed step does not stop the run, so one run reports everything; e2e is skipped when
 * the build failed.
 *
 * Choosing steps (names above; `server` means both server steps):
 *   npm test -- --only unit,server
 *   npm test -- --skip e2e
 * When e2e runs without the build step, dist/ is rebuilt first if it is older than its sources.
 *
 * Output: each step's own output, a table of steps with the failed tests named under their
 * step (and those that passed only on Vitest's retry, as flaky), then one last line
 * `N passed, N failed[, N skipped]` over every Vitest test plus one per other step.
 * Exit code 0 only when nothing failed. `npm test -- --help` prints this comment.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { constants, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { ensureChromium, aptInstall } from "./lib/apt.mjs";
import { dependenciesOutdated, ensureDependencies } from "./lib/deps.mjs";
import { frontEndOutdated } from "./lib/frontEnd.mjs";
import { binPath, repoRoot } from "./lib/paths.mjs";
import { runCommand, stopAllProcesses } from "./lib/proc.mjs";
import { printSummary } from "./lib/summary.mjs";
import { readVitestCounts } from "./lib/vitestReport.mjs";
import { findPostgresBinDir, startPostgres } from "../tests/support/postgres.mjs";

// CI allows 90 minutes for the whole run; a hung step must not eat all of it.
const STEP_TIMEOUT_MS = 25 * 60_000;

/** The child's environment: ours plus `changes`, where `undefined` removes a variable. */
function environment(changes = {}) {
  const env = { ...process.env, ...changes };
  for (const [key, value] of Object.entries(changes)) if (value === undefined) delete env[key];
  return env;
}

/** Why a command's exit is not a plain pass or fail, for the summary. */
function exitNote({ code, signal, timedOut, leftovers, error }) {
  const notes = [];
  if (timedOut) notes.push(`stopped after ${STEP_TIMEOUT_MS / 60_000} min`);
  else if (error) notes.push(error.message);
  else if (signal) notes.push(`killed by ${signal}`);
  else if (code !== 0) notes.push(`exit code ${code}`);
  if (leftovers) notes.push("left processes running (killed)");
  return notes.join("; ") || undefined;
}

/** A step that is one command: one test, passed when it exits 0. */
async function commandStep(command, args) {
  const exit = await runCommand(command, args, { cwd: repoRoot, timeoutMs: STEP_TIMEOUT_MS });
  const ok = exit.code === 0;
  return { passed: ok ? 1 : 0, failed: ok ? 0 : 1, skipped: 0, note: exitNote(exit) };
}

/**
 * A Vitest project: its exact counts from the JSON report. The run gets a TMPDIR of its
 * own, deleted afterwards, so temp files of tests that were interrupted (a server's
 * DATA_DIR, a browser profile) do not pile up.
 */
async function vitestStep(project, envChanges) {
  const stepTmp = mkdtempSync(join(tmpdir(), `vitest-${project}-`));
  const reportFile = join(stepTmp, "report.json");
  const args = [
    "run",
    "--project",
    project,
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${reportFile}`,
  ];
  try {
    const exit = await runCommand(binPath("vitest"), args, {
      cwd: repoRoot,
      env: environment({ TMPDIR: stepTmp, ...envChanges }),
      timeoutMs: STEP_TIMEOUT_MS,
    });
    const counts = readVitestCounts(reportFile) ?? { passed: 0, failed: 0, skipped: 0 };
    // A failed run with no failed test: no test files, an unhandled error, a crash, a timeout.
    if (exit.code !== 0 && counts.failed === 0) counts.failed = 1;
    return { ...counts, note: exitNote(exit) };
  } finally {
    rmSync(stepTmp, { recursive: true, force: true });
  }
}

const STEPS = [
  { name: "typecheck", run: () => commandStep("npm", ["run", "typecheck"]) },
  { name: "lint", run: () => commandStep("npm", ["run", "lint"]) },
  { name: "codegen", run: () => commandStep("npm", ["run", "codegen", "--", "--check"]) },
  { name: "unit", run: () => vitestStep("unit") },
  // A DATABASE_URL from the developer's shell would silently turn this into a PostgreSQL run.
  { name: "server-pglite", run: () => vitestStep("server", { DATABASE_URL: undefined }) },
  {
    name: "server-postgres",
    async run() {
      if (!findPostgresBinDir()) await aptInstall(["postgresql"], { startServices: false });
      const postgres = await startPostgres();
      try {
        return await vitestStep("server", { DATABASE_URL: postgres.url });
      } finally {
        await postgres.stop();
      }
    },
  },
  { name: "build", run: () => commandStep("npm", ["run", "build"]) },
  {
    name: "e2e",
    needs: "build",
    async run() {
      await ensureChromium();
      // The e2e servers use PGlite whatever the shell says.
      return vitestStep("e2e", { DATABASE_URL: undefined });
    },
  },
];
const GROUPS = { server: ["server-pglite", "server-postgres"] };

function namesFrom(list, option) {
  const names = list.split(",").flatMap((name) => GROUPS[name.trim()] ?? [name.trim()]);
  const unknown = names.filter((name) => !STEPS.some((step) => step.name === name));
  if (unknown.length) {
    throw new Error(`${option}: unknown step ${unknown.join(", ")} (steps: ${STEPS.map((s) => s.name).join(", ")})`);
  }
  return new Set(names);
}

/** The steps chosen with --only/--skip, plus the build when e2e would otherwise test an outdated dist/. */
function selectSteps(argv) {
  const options = { only: { type: "string" }, skip: { type: "string" }, help: { type: "boolean" } };
  const { values } = parseArgs({ args: argv, options });
  if (values.help) return undefined;
  const only = values.only ? namesFrom(values.only, "--only") : undefined;
  const skip = values.skip ? namesFrom(values.skip, "--skip") : new Set();
  const chosen = new Set(STEPS.filter((s) => (!only || only.has(s.name)) && !skip.has(s.name)).map((s) => s.name));
  if (chosen.has("e2e") && !chosen.has("build")) {
    const outdated = frontEndOutdated();
    if (outdated) {
      console.log(`Adding the build step for e2e: ${outdated}.`);
      chosen.add("build");
    }
  }
  return STEPS.filter((step) => chosen.has(step.name));
}

async function main() {
  const startedAt = performance.now();
  const results = [];
  let interrupted;
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
    process.on(signal, () => {
      if (interrupted) return; // already stopping; a second Ctrl-C must not skip the cleanup
      interrupted = signal;
      console.error(`\n${signal}: stopping the running step and cleaning up…`);
      void stopAllProcesses();
    });
  }

  let steps;
  try {
    steps = selectSteps(process.argv.slice(2));
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    return 2;
  }
  if (!steps) {
    console.log(
      readFileSync(new URL(import.meta.url), "utf8")
        .split("*/")[0]
        .replace(/^\/\*\*\n|^ \* ?/gm, "")
        .trimEnd(),
    );
    return 0;
  }

  // Setting up is not a test: it is counted only when it fails.
  const depsStartedAt = performance.now();
  const installReason = dependenciesOutdated();
  const depsOk = await ensureDependencies();
  results.push({
    name: "dependencies",
    status: depsOk ? "ok" : "failed",
    durationMs: performance.now() - depsStartedAt,
    note: installReason ? `npm ci (${installReason})` : "up to date",
    ...(depsOk ? { passed: 0, failed: 0, skipped: 0, counted: false } : { passed: 0, failed: 1, skipped: 0 }),
  });

  for (const [index, step] of steps.entries()) {
    const failedNeed = step.needs && results.find((r) => r.name === step.needs && r.failed > 0);
    if (!depsOk || interrupted || failedNeed) {
      const note = !depsOk ? "dependencies missing" : interrupted ? "interrupted" : `${step.needs} failed`;
      results.push({ name: step.name, status: "skipped", passed: 0, failed: 0, skipped: 1, note });
      continue;
    }
    console.log(`\n==> [${index + 1}/${steps.length}] ${step.name}`);
    const stepStartedAt = performance.now();
    let outcome;
    try {
      outcome = await step.run();
    } catch (error) {
      console.error(error instanceof Error ? error.message : error);
      const firstLine = String(error instanceof Error ? error.message : error).split("\n")[0];
      outcome = { passed: 0, failed: 1, skipped: 0, note: firstLine };
    }
    const durationMs = performance.now() - stepStartedAt;
    const status = outcome.failed > 0 ? "failed" : "passed";
    results.push({ name: step.name, status, durationMs, ...outcome });
    console.log(`==> ${step.name} ${status} in ${(durationMs / 1000).toFixed(1)}s`);
  }

  const totals = printSummary(results, performance.now() - startedAt);
  if (interrupted) return 128 + constants.signals[interrupted];
  return totals.failed > 0 ? 1 : 0;
}

process.exitCode = await main();
