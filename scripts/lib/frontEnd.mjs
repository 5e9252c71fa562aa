/**
 * Whether dist/ (the Vite build the server serves) reflects the current sources.
 * Inputs: everything under src/ except the server, public/ (copied as is by Vite),
 * index.html, vite.config.ts and package-lock.json (a dependency bump changes the bundle).
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { repoRoot } from "./paths.mjs";

const INPUTS = ["src", "public", "index.html", "vite.config.ts", "package-lock.json"];
const NOT_INPUTS = new Set(["src/server"]);

/** The first input file modified after `since` (ms), or undefined. */
function newerInput(root, path, since) {
  const rel = relative(root, path);
  if (NOT_INPUTS.has(rel) || !existsSync(path)) return undefined;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs > since ? rel : undefined;
  for (const entry of readdirSync(path)) {
    const found = newerInput(root, join(path, entry), since);
    if (found) return found;
  }
  return undefined;
}

/** Why the front end must be (re)built, or null when dist/ is current. */
export function frontEndOutdated(root = repoRoot) {
  const index = join(root, "dist", "index.html");
  if (!existsSync(index)) return "dist/index.html is missing";
  const builtAt = statSync(index).mtimeMs;
  for (const input of INPUTS) {
    const newer = newerInput(root, join(root, input), builtAt);
    if (newer) return `${newer} changed after the last build`;
  }
  return null;
}
