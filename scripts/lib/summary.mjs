/** The report at the end of `npm test`: one row per step, then the single totals line CI reads. */

/** "850ms", "12.3s", "4m 05s". */
export function formatDuration(ms) {
  if (ms < 1000) return `${Math.round(ms)}ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)}s`;
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}m ${String(seconds % 60).padStart(2, "0")}s`;
}

/** "3 passed, 1 failed" plus ", N skipped" when some were skipped. */
export function formatCounts({ passed, failed, skipped }) {
  return `${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`;
}

/**
 * Prints the step table and, as the very last line, the totals over every step.
 * Each result: `{ name, status, durationMs?, passed, failed, skipped, note?, failures? }`;
 * `failures` (failed tests) and `flaky` (tests that passed on a retry) are listed under their step's row.
 * Returns the totals.
 */
export function printSummary(results, totalMs) {
  const totals = { passed: 0, failed: 0, skipped: 0 };
  const width = Math.max(...results.map((r) => r.name.length), 5) + 2;
  console.log(`\n==> Summary`);
  for (const result of results) {
    totals.passed += result.passed;
    totals.failed += result.failed;
    totals.skipped += result.skipped;
    const time = result.durationMs === undefined ? "" : formatDuration(result.durationMs);
    const detail = [result.counted === false ? "" : formatCounts(result), result.note].filter(Boolean).join("; ");
    console.log(`  ${result.name.padEnd(width)}${result.status.padEnd(9)}${time.padStart(8)}   ${detail}`.trimEnd());
    for (const failure of result.failures ?? []) console.log(`      ✗ ${failure}`);
    for (const flaky of result.flaky ?? []) console.log(`      ~ passed on a retry: ${flaky}`);
  }
  console.log(`  ${"total".padEnd(width)}${"".padEnd(9)}${formatDuration(totalMs).padStart(8)}`);
  console.log(formatCounts(totals));
  return totals;
}
