/**
 * The chat page's first load (issue 3's bundle target, reported in full by bench:bundle): the
 * JavaScript index.html loads before the first paint — its entry script and the chunks it
 * preloads — stays within 250 kB gzip, and the admin area is not part of it. Read from the
 * build the other end-to-end tests run against (dist/).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../../scripts/lib/paths.mjs";

const TARGET_KB = 250;

describe("the chat page's first load", () => {
  it(`is at most ${TARGET_KB} kB gzip of JavaScript, without the admin area`, () => {
    const dist = join(repoRoot, "dist");
    const html = readFileSync(join(dist, "index.html"), "utf8");
    const files = [
      ...html.matchAll(/<script[^>]*\bsrc="\/([^"]+\.js)"|<link[^>]*\brel="modulepreload"[^>]*\bhref="\/([^"]+\.js)"/g),
    ].map((match) => match[1] ?? match[2]!);
    expect(files.some((file) => /\/app-[^/]+\.js$/.test(file)), files.join(", ")).toBe(true);
    expect(files.filter((file) => /admin|ResourceRoutes/i.test(file))).toEqual([]);
    const gzipKb = files.reduce((sum, file) => sum + gzipSync(readFileSync(join(dist, file))).length, 0) / 1024;
    expect(gzipKb, files.join(", ")).toBeLessThanOrEqual(TARGET_KB);
  });
});
