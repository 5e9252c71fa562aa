/**
 * Accessibility checks with axe-core, injected into the page under test. Only the
 * WCAG 2.0/2.1/2.2 A and AA rules run: those are the bar the product commits to.
 */
import { createRequire } from "node:module";
import type { AxeResults, Result } from "axe-core";
import type { Page } from "playwright-core";

const AXE_SCRIPT = createRequire(import.meta.url).resolve("axe-core/axe.min.js");
export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * The WCAG violations axe finds in the page as it is now. Inject into a context
 * created with `bypassCSP: true`: the server's Content-Security-Policy would block the script.
 */
export async function axeViolations(page: Page): Promise<Result[]> {
  await page.addScriptTag({ path: AXE_SCRIPT });
  const results = await page.evaluate(
    (tags) =>
      (window as unknown as { axe: { run(context: Document, options: object): Promise<AxeResults> } }).axe.run(
        document,
        { runOnly: { type: "tag", values: tags } },
      ),
    WCAG_TAGS,
  );
  return results.violations;
}

/** One readable block per violation: rule, impact, help link, then each offending element and why. */
export function formatViolations(violations: Result[]): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes.map((node) => {
        const summary = (node.failureSummary ?? "").replace(/\n/g, "\n      ");
        return `  - ${node.target.join(" ")}\n      ${node.html}\n      ${summary}`;
      });
      return `[${violation.impact ?? "unknown"}] ${violation.id}: ${violation.help}\n  ${violation.helpUrl}\n${nodes.join("\n")}`;
    })
    .join("\n\n");
}
