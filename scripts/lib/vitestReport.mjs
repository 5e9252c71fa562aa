/** Exact test counts from a Vitest JSON report (`--reporter=json --outputFile.json=<file>`). */
import { existsSync, readFileSync } from "node:fs";

/**
 * `{ passed, failed, skipped }`, or null when there is no readable report (Vitest
 * crashed before writing it). A test file that failed to load or whose hooks threw
 * has no failed test of its own, so it counts as one failure.
 */
export function readVitestCounts(file) {
  if (!existsSync(file)) return null;
  let report;
  try {
    report = JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return null;
  }
  const brokenFiles = (report.testResults ?? []).filter(
    (result) => result.status === "failed" && !result.assertionResults?.some((test) => test.status === "failed"),
  ).length;
  return {
    passed: report.numPassedTests ?? 0,
    failed: (report.numFailedTests ?? 0) + brokenFiles,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
  };
}
