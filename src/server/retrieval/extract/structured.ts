/** CSV and JSON as text a search can match: CSV rows under their header, JSON as "path: value" lines. */
import { ExtractionError, type Extracted } from "./types";

/** Rows per section; each section repeats the header so a passage is readable alone. */
const CSV_ROWS_PER_SECTION = 20;

export function extractCsv(text: string): Extracted {
  const rows = text.split(/\r?\n/).filter((line) => line.trim() !== "");
  const [header, ...body] = rows;
  if (header === undefined) return { sections: [], pageCount: null };
  const sections = [];
  for (let i = 0; i < Math.max(body.length, 1); i += CSV_ROWS_PER_SECTION)
    sections.push({ page: null, heading: null, text: [header, ...body.slice(i, i + CSV_ROWS_PER_SECTION)].join("\n") });
  return { sections, pageCount: null };
}

function flatten(value: unknown, path: string, out: string[]): void {
  if (Array.isArray(value)) value.forEach((item, i) => flatten(item, `${path}[${i}]`, out));
  else if (value !== null && typeof value === "object")
    for (const [key, item] of Object.entries(value)) flatten(item, path ? `${path}.${key}` : key, out);
  else out.push(`${path || "value"}: ${String(value)}`);
}

export function extractJson(text: string): Extracted {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ExtractionError("The file is not valid JSON.");
  }
  const lines: string[] = [];
  flatten(parsed, "", lines);
  return { sections: lines.length ? [{ page: null, heading: null, text: lines.join("\n") }] : [], pageCount: null };
}
