/** The repository root, derived from this file's location so scripts work from any working directory. */
import { fileURLToPath } from "node:url";
import { join } from "node:path";

export const repoRoot = fileURLToPath(new URL("../..", import.meta.url)).replace(/\/$/, "");

/** A binary installed by npm into node_modules/.bin (same as `npx name`, without npx's extra process). */
export function binPath(name) {
  return join(repoRoot, "node_modules", ".bin", name);
}
