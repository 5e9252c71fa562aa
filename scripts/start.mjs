/**
 * `npm start`, also on a fresh clone: installs dependencies when node_modules is missing
 * or stale (npm ci), builds the front end when dist/ is missing or older than its sources,
 * then runs the server (src/server/main.ts through tsx) in the foreground with this
 * environment; the server applies its migrations and seeds itself. Generated code is
 * committed, so codegen does not run here. Ctrl-C or SIGTERM stop the server gracefully.
 *
 * Node's standard library only: this runs before `npm install`.
 */
import { ensureDependencies } from "./lib/deps.mjs";
import { frontEndOutdated } from "./lib/frontEnd.mjs";
import { repoRoot } from "./lib/paths.mjs";
import { exitCodeOf, forwardSignals, runCommand, startProcess, waitForExit } from "./lib/proc.mjs";

async function main() {
  if (!(await ensureDependencies())) return 1;

  const outdated = frontEndOutdated();
  if (outdated) {
    console.log(`Building the front end (${outdated}): npm run build`);
    const build = await runCommand("npm", ["run", "build"], { cwd: repoRoot });
    if (build.code !== 0) return exitCodeOf(build);
  }

  // `node --import tsx` rather than `npx tsx`: the server is our direct child, so signals reach it.
  const server = startProcess(process.execPath, ["--import", "tsx", "src/server/main.ts"], { cwd: repoRoot });
  forwardSignals([server]);
  return exitCodeOf(await waitForExit(server));
}

process.exitCode = await main();
