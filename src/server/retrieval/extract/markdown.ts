/** Markdown split at its ATX headings; each section keeps its heading trail ("Guide > Install"). */
import type { Extracted, Section } from "./types";

const HEADING = /^(#{1,6})[ \t]+(.+?)[ \t#]*$/;
const FENCE = /^(```|~~~)/;

export function markdownSections(markdown: string): Section[] {
  const sections: Section[] = [];
  const trail: string[] = [];
  let lines: string[] = [];
  let inFence = false;
  const flush = () => {
    const text = lines.join("\n").trim();
    if (text) sections.push({ page: null, heading: trail.filter(Boolean).join(" > ") || null, text });
    lines = [];
  };
  for (const line of markdown.split(/\r?\n/)) {
    if (FENCE.test(line.trim())) inFence = !inFence;
    const match = inFence ? null : HEADING.exec(line);
    if (!match) {
      lines.push(line);
      continue;
    }
    flush();
    const level = match[1]!.length;
    trail.length = level;
    trail[level - 1] = match[2]!.trim();
  }
  flush();
  return sections;
}

export function extractMarkdown(text: string): Extracted {
  return { sections: markdownSections(text), pageCount: null };
}
