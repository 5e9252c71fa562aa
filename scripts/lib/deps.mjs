/**
 * npm dependencies: `npm ci` when node_modules is missing or older than the lockfile.
 * npm writes node_modules/.package-lock.json at the end of every install, so a
 * package-lock.json newer than it means the lockfile changed since (a pull, a merge).
 */
import { existsSync, statSync } from "node:fs";
import { join } from "node:path";
import { repoRoot } from "./paths.mjs";
import { runCommand } from "./proc.mjs";

/** Why dependencies must be installed, or null when node_modules is up to date. */
export function dependenciesOutdated(root = repoRoot) {
  const installed = join(root, "node_modules", ".package-lock.json");
  if (!existsSync(installed)) return "node_modules is missing";
  if (statSync(join(root, "package-lock.json")).mtimeMs > statSync(installed).mtimeMs) {
    return "package-lock.json is newer than node_modules";
  }
  return null;
}

/** Installs dependencies when needed; resolves true when node_modules is usable. */
export async function ensureDependencies(root = repoRoot) {
  const reason = dependenciesOutdated(root);
  if (!reason) return true;
  console.log(`Installing dependencies (${reason}): npm ci`);
  const { code } = await runCommand("npm", ["ci", "--no-audit", "--no-fund"], { cwd: root });
  return code === 0;
}
