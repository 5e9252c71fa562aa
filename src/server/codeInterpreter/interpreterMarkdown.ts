/**
 * The code interpreter response (spec §3 "Chat state", §4 `code-interpreter-updated`):
 * one markdown text that grows as runs happen — each run's code, then its
 * output as it is printed — the same text whether streamed or rebuilt from the
 * stored runs after a reload. Images travel apart (`generated-image-link`, and
 * openAIFileReferences once stored).
 */

/** A fence longer than any backtick run inside, so printed text cannot close it early. */
function fenceFor(text: string): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  return "`".repeat(Math.max(3, longest + 1));
}

export const OUTPUT_FENCE = "~~~~";

export function codeBlock(code: string): string {
  const fence = fenceFor(code);
  return `${fence}python\n${code.replace(/\n+$/, "")}\n${fence}\n\n`;
}

/** Output streams inside a tilde fence; tildes runs in it are broken up so it cannot be closed early. */
export function outputStart(): string {
  return `${OUTPUT_FENCE}text\n`;
}

export function outputChunk(text: string): string {
  return text.replace(/~{4,}/g, (run) => run.split("").join("\u200b"));
}

export function outputEnd(output: string, error: string | null): string {
  const tail = output === "" || output.endsWith("\n") ? "" : "\n";
  return `${tail}${error ? outputChunk(`${error.replace(/\n+$/, "")}\n`) : ""}${OUTPUT_FENCE}\n\n`;
}

export interface StoredRun {
  code: string;
  output: string;
  error: string | null;
}

export function responseOf(runs: readonly StoredRun[]): string {
  return runs
    .map((run) => codeBlock(run.code) + outputStart() + outputChunk(run.output) + outputEnd(run.output, run.error))
    .join("");
}
