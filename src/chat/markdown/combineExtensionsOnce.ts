/**
 * micromark's `combineExtensions`, merging each list of extensions once.
 *
 * micromark's `parse` merges its default constructs with the given extensions
 * (GFM, maths) on every call: about 50 µs, two thirds of parsing an empty text,
 * and a streaming answer's open block is parsed again whenever its structure
 * changes (a list, a table, a code block or a formula starts). The merged table
 * is only read by the parser (per-document state such as definitions lives on
 * the parse context), so one merge per list serves every parse.
 *
 * vite.config.ts and vitest.config.ts resolve the package's name to this module;
 * the original is imported by its path, which the alias leaves alone.
 */
import type { Extension, NormalizedExtension } from "micromark-util-types";
import {
  combineExtensions as combineAnew,
  combineHtmlExtensions,
} from "../../../node_modules/micromark-util-combine-extensions/index.js";

export { combineHtmlExtensions };

/** The lists merged last (the pipeline's two option sets, and a few more). */
const remembered: { extensions: readonly Extension[]; combined: NormalizedExtension }[] = [];
const LISTS_REMEMBERED = 8;

const sameItems = (a: readonly Extension[], b: readonly Extension[]) =>
  a.length === b.length && a.every((extension, index) => extension === b[index]);

export function combineExtensions(extensions: readonly Extension[]): NormalizedExtension {
  const known = remembered.find((entry) => sameItems(entry.extensions, extensions));
  if (known) return known.combined;
  const combined = combineAnew(extensions);
  remembered.unshift({ extensions: [...extensions], combined });
  remembered.length = Math.min(remembered.length, LISTS_REMEMBERED);
  return combined;
}
