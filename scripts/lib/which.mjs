/** `command -v` in Node: the first executable named `name` on PATH, or undefined. */
import { accessSync, constants, statSync } from "node:fs";
import { delimiter, join } from "node:path";

export function which(name, path = process.env.PATH ?? "") {
  for (const dir of path.split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not here; keep looking
    }
  }
  return undefined;
}
