/**
 * Retrieved passages as the model sees them (numbered sources in the system
 * prompt, with the instruction to cite [n]) and as the segment stores them
 * (citations, in the same order: [n] is citations[n - 1]).
 */
import type { components } from "../../generated/api";
import type { Passage } from "../llm/localEngine";
import type { RetrievedPassage } from "./search";

type Citation = components["schemas"]["Citation"];

const SNIPPET_LENGTH = 300;

export function citationPath(attachmentId: string, fileName: string): string {
  return `attachments/${attachmentId}/${fileName}`;
}

function sourceLabel(p: RetrievedPassage): string {
  return [p.fileName, p.page ? `page ${p.page}` : "", p.heading ?? ""].filter(Boolean).join(", ");
}

/** `restrictToSources`: the agent's restrictAnswerToInformationReturnedByTools. */
export function groundedSystemPrompt(
  base: string | undefined,
  passages: readonly RetrievedPassage[],
  restrictToSources = false,
): string | undefined {
  if (passages.length === 0) return base;
  const sources = passages.map((p, i) => `[${i + 1}] ${sourceLabel(p)}\n${p.content}`).join("\n\n");
  const scope = restrictToSources
    ? "Answer only from the sources below, never from general knowledge. If they do not contain the answer, say that the files do not say."
    : "Answer from the sources below when they are relevant. If the sources do not contain the answer, say so.";
  const instructions =
    `${scope} Cite each source you use with its number in square brackets, like [1] or [2], right after the statement it supports.\n\n` +
    `Sources:\n\n${sources}`;
  return base ? `${base}\n\n${instructions}` : instructions;
}

export function citationsOf(passages: readonly RetrievedPassage[]): Citation[] {
  return passages.map((p) => ({
    title: p.fileName,
    path: citationPath(p.attachmentId, p.fileName),
    page: p.page,
    snippet: p.content.length > SNIPPET_LENGTH ? `${p.content.slice(0, SNIPPET_LENGTH).trimEnd()}…` : p.content,
    fileId: p.attachmentId,
  }));
}

export function localPassages(passages: readonly RetrievedPassage[]): Passage[] {
  return passages.map((p) => ({
    title: p.fileName,
    ...(p.page ? { page: p.page } : {}),
    ...(p.heading ? { heading: p.heading } : {}),
    text: p.content,
  }));
}

/** How much of a passage's start or end, found in another, makes it a repeat of it. */
const OVERLAP_PROBE = 80;

/**
 * The first `max` passages that repeat none kept before them: passages overlap by design (a sentence
 * at a boundary is in both), and a file uploaded twice holds the same text. The local engine quotes
 * them, and the same words twice would look like two sources.
 */
export function distinctPassages<P extends Pick<RetrievedPassage, "content">>(
  passages: readonly P[],
  max: number,
): P[] {
  const kept: P[] = [];
  const repeats = (a: string, b: string) => {
    const [head, tail] = [b.trim().slice(0, OVERLAP_PROBE), b.trim().slice(-OVERLAP_PROBE)];
    return a.includes(head) || a.includes(tail);
  };
  for (const passage of passages) {
    if (kept.length === max) break;
    if (kept.some((k) => repeats(k.content, passage.content) || repeats(passage.content, k.content))) continue;
    kept.push(passage);
  }
  return kept;
}
