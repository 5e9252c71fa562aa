/**
 * Sections → passages of about 800 characters, cut at paragraph, then sentence,
 * then word boundaries, each starting with the tail of the one before (overlap),
 * so a fact straddling a cut is still whole in one passage. A passage never
 * spans two pages or two headings: its page and heading stay exact for citations.
 */
import type { Section } from "./extract/types";

export interface Chunk {
  ordinal: number;
  page: number | null;
  heading: string | null;
  content: string;
}

export const CHUNK_TARGET = 800;
export const CHUNK_OVERLAP = 150;

function hardSplit(text: string, size: number): string[] {
  const pieces: string[] = [];
  let rest = text;
  while (rest.length > size) {
    const space = rest.lastIndexOf(" ", size);
    const cut = space > size / 2 ? space : size;
    pieces.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  if (rest) pieces.push(rest);
  return pieces;
}

interface Unit {
  text: string;
  /** How it joins the text before it: pieces of one paragraph by a space, paragraphs by a blank line. */
  joiner: string;
}

/** Pieces no longer than `size`: paragraphs, or their sentences, or their words. */
function units(text: string, size: number): Unit[] {
  const result: Unit[] = [];
  for (const paragraph of text.split(/\n\s*\n/)) {
    const p = paragraph.trim();
    if (!p) continue;
    const pieces = p.length <= size ? [p] : p.split(/(?<=[.!?])\s+/).flatMap((sentence) => hardSplit(sentence, size));
    pieces.forEach((piece, i) => result.push({ text: piece, joiner: i === 0 ? "\n\n" : " " }));
  }
  return result;
}

function tail(text: string, length: number): string {
  if (text.length <= length) return text;
  const start = text.indexOf(" ", text.length - length);
  return start < 0 ? "" : text.slice(start + 1);
}

export function chunkSections(sections: readonly Section[], target = CHUNK_TARGET, overlap = CHUNK_OVERLAP): Chunk[] {
  const chunks: Chunk[] = [];
  for (const section of sections) {
    const text = section.text.replace(/\r\n?/g, "\n").replace(/[ \t]+/g, " ");
    let current = "";
    let fresh = false;
    const emit = () => {
      if (fresh && current.trim())
        chunks.push({ ordinal: chunks.length, page: section.page, heading: section.heading, content: current.trim() });
      fresh = false;
    };
    for (const unit of units(text, target - overlap)) {
      if (current && current.length + unit.joiner.length + unit.text.length > target) {
        emit();
        current = tail(current, overlap);
      }
      current = current ? `${current}${unit.joiner}${unit.text}` : unit.text;
      fresh = true;
    }
    emit();
  }
  return chunks;
}
