/** Exact test counts from a Vitest JSON report (`--reporter=json --outputFile.json=<file>`). */
import { existsSync, readFileSync } from "node:fs";
import { relative } from "node:path";
import { repoRoot } from "./paths.mjs";

/** How many failures a step names in the summary; the step's own output has the rest. */
const MAX_NAMED_FAILURES = 10;

/** The first non-empty line of a failure message, short enough for one summary line. */
function firstLine(message) {
  const line =
    String(message ?? "")
      .split("\n")
      .find((text) => text.trim()) ?? "";
  return line.length > 160 ? `${line.slice(0, 157)}...` : line;
}

/**
 * `{ passed, failed, skipped, failures }`, or null when there is no readable report (Vitest
 * crashed before writing it). A test file that failed to load or whose hooks threw has no
 * failed test of its own, so it counts as one failure. `failures` names what failed,
 * "file > test: first line of the message", so the end of a CI log says which test it was.
 */
export function readVitestCounts(file) {
  if (!existsSync(file)) return null;
  let report;
  try {
    report = JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return null;
  }
  const failures = [];
  let brokenFiles = 0;
  for (const result of report.testResults ?? []) {
    const path = relative(repoRoot, result.name ?? "");
    const failedTests = (result.assertionResults ?? []).filter((test) => test.status === "failed");
    for (const test of failedTests)
      failures.push(`${path} > ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    if (result.status === "failed" && failedTests.length === 0) {
      brokenFiles += 1;
      failures.push(`${path}: ${firstLine(result.message)}`);
    }
  }
  return {
    passed: report.numPassedTests ?? 0,
    failed: (report.numFailedTests ?? 0) + brokenFiles,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
    failures:
      failures.length > MAX_NAMED_FAILURES
        ? [...failures.slice(0, MAX_NAMED_FAILURES), `and ${failures.length - MAX_NAMED_FAILURES} more`]
        : failures,
  };
}
