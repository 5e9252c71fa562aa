/**
 * `npm run dev`: the server in watch mode (tsx watch, restarts on changes) on port 8080
 * and Vite's dev server (hot reload; vite.config.ts proxies the API to port 8080).
 * They live and die together: when one exits, or on Ctrl-C, both are stopped.
 * Both run in their own process groups with stdin closed, so Vite's keyboard shortcuts are off.
 */
import { ensureDependencies } from "./lib/deps.mjs";
import { binPath, repoRoot } from "./lib/paths.mjs";
import { exitCodeOf, forwardSignals, startProcess, stopProcess, waitForExit } from "./lib/proc.mjs";

/** The port vite.config.ts proxies /api, /healthz, … to. */
const API_PORT = "8080";

async function main() {
  if (!(await ensureDependencies())) return 1;

  const server = startProcess(binPath("tsx"), ["watch", "src/server/main.ts"], {
    cwd: repoRoot,
    env: { ...process.env, PORT: API_PORT },
  });
  const vite = startProcess(binPath("vite"), [], { cwd: repoRoot });
  const children = [server, vite];
  forwardSignals(children);

  const first = await Promise.race(children.map((child) => waitForExit(child)));
  await Promise.all(children.map((child) => stopProcess(child)));
  return exitCodeOf(first);
}

process.exitCode = await main();
