/** Exact test counts from a Vitest JSON report (`--reporter=json --outputFile.json=<file>`). */
import { existsSync, readFileSync } from "node:fs";
import { relative } from "node:path";
import { repoRoot } from "./paths.mjs";

/** How many failed or flaky tests a step names in the summary; the step's own output has the rest. */
const MAX_NAMED = 10;

// eslint-disable-next-line no-control-regex -- the escape character is what a colour code starts with
const COLOUR_CODE = /\u001b\[[0-9;]*m/g;

/** The first non-empty line of a failure message, short enough for one summary line. */
function firstLine(message) {
  const line =
    String(message ?? "")
      // Vitest colours its messages; a summary line is plain text.
      .replace(COLOUR_CODE, "")
      .split("\n")
      .find((text) => text.trim()) ?? "";
  return line.length > 160 ? `${line.slice(0, 157)}...` : line;
}

/** At most MAX_NAMED names, then how many more there are. */
function firstFew(names) {
  return names.length > MAX_NAMED ? [...names.slice(0, MAX_NAMED), `and ${names.length - MAX_NAMED} more`] : names;
}

/**
 * `{ passed, failed, skipped, failures, flaky }`, or null when there is no readable report
 * (Vitest crashed before writing it). A test file that failed to load or whose hooks threw has
 * no failed test of its own, so it counts as one failure. `failures` names what failed,
 * "file > test: first line of the message", so the end of a CI log says which test it was;
 * `flaky` names, the same way, the tests that passed on a retry (Vitest keeps the errors of
 * the tries that failed).
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
  const flaky = [];
  let brokenFiles = 0;
  for (const result of report.testResults ?? []) {
    const path = relative(repoRoot, result.name ?? "");
    const tests = result.assertionResults ?? [];
    const named = (test) => `${path} > ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`;
    const failedTests = tests.filter((test) => test.status === "failed");
    failures.push(...failedTests.map(named));
    flaky.push(...tests.filter((test) => test.status === "passed" && test.failureMessages?.length).map(named));
    if (result.status === "failed" && failedTests.length === 0) {
      brokenFiles += 1;
      failures.push(`${path}: ${firstLine(result.message)}`);
    }
  }
  return {
    passed: report.numPassedTests ?? 0,
    failed: (report.numFailedTests ?? 0) + brokenFiles,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
    failures: firstFew(failures),
    flaky: firstFew(flaky),
  };
}
