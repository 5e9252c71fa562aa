/**
 * A deterministic entity extractor for the graph index: no model, the same
 * answer every time. It finds
 * - names: runs of two or more capitalised words ("Kestrel Harbour", "Bank of
 *   England"), with a sentence's leading article or pronoun dropped;
 * - identifiers: words mixing letters with digits, or joined by - or _
 *   ("ZX-81", "INV-2024-001", "build_id"), and CamelCase words ("PostgreSQL");
 * - acronyms of 2 to 8 capitals ("NASA", "HR").
 * Keys are lower-cased with single spaces; the name keeps the file's spelling.
 */

export interface Entity {
  key: string;
  name: string;
}

/** Capitalised only because they start a sentence or a heading; never the start of a name. */
const LEADING = new Set(
  (
    "a an the this that these those there their our your my his her its it we you they he she i if in on at " +
    "for from to of by with and or but as when while after before during each every all some any no not " +
    "what which who whom whose where why how is are was were be please see note also then"
  ).split(" "),
);
/** Lower-case words allowed inside a name ("Bank of England", "Port de Bouc"). */
const CONNECTORS = new Set(["of", "de", "du", "la", "von", "van", "der"]);

const MAX_ENTITIES_PER_TEXT = 24;
const WORD = /[\p{L}\p{N}][\p{L}\p{N}'’_-]*/gu;

const isCapitalised = (w: string) => /^\p{Lu}/u.test(w);
const isIdentifier = (w: string) =>
  (/\p{L}/u.test(w) && /\p{N}/u.test(w) && w.length >= 3) ||
  /^[\p{L}\p{N}]+([-_][\p{L}\p{N}]+)+$/u.test(w) ||
  /^\p{Lu}\p{Ll}+\p{Lu}[\p{L}]*$/u.test(w);
const isAcronym = (w: string) => /^\p{Lu}{2,8}s?$/u.test(w);

export const entityKey = (name: string) => name.toLowerCase().replace(/\s+/g, " ").trim();

export function extractEntities(text: string): Entity[] {
  const found = new Map<string, string>();
  const add = (name: string) => {
    const key = entityKey(name);
    if (key.length >= 2 && !found.has(key)) found.set(key, name);
  };
  for (const sentence of text.split(/(?<=[.!?:;])\s+|\n+/)) {
    const words = [...sentence.matchAll(WORD)].map((m) => m[0].replace(/['’]s$/, ""));
    let run: string[] = [];
    const endRun = () => {
      while (run.length > 0 && CONNECTORS.has(run.at(-1)!.toLowerCase())) run.pop();
      if (run.length >= 2) add(run.join(" "));
      run = [];
    };
    for (const word of words) {
      if (isIdentifier(word) && !/^\d[\d-]*$/.test(word)) add(word);
      else if (isAcronym(word)) add(word.replace(/s$/, ""));
      if (isCapitalised(word) && !isAcronym(word)) {
        if (run.length === 0 && LEADING.has(word.toLowerCase())) continue;
        run.push(word);
      } else if (run.length > 0 && CONNECTORS.has(word.toLowerCase())) run.push(word);
      else endRun();
    }
    endRun();
  }
  return [...found].slice(0, MAX_ENTITIES_PER_TEXT).map(([key, name]) => ({ key, name }));
}
