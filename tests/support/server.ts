/**
 * Starts the real server (src/server/main.ts through tsx) as a child process, the way
 * `npm start` does, on a free port with a fresh DATA_DIR, serving the built front end
 * from dist/. Resolves once GET /readyz answers 200 (migrations applied, seed done).
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { freePort } from "../../scripts/lib/net.mjs";
import { repoRoot } from "../../scripts/lib/paths.mjs";

export interface StartServerOptions {
  /** Extra environment; `undefined` removes an inherited variable. DATABASE_URL is dropped unless given here. */
  env?: Record<string, string | undefined>;
  /** How long to wait for /readyz (default 90 s: a cold PGlite plus tsx compiling the server). */
  readyTimeoutMs?: number;
  /**
   * A DATA_DIR to start from (copied), e.g. one holding a migrated PGlite
   * (tests/support/serverDataDirTemplateSetup.ts); default: an empty one, as at a first start.
   */
  dataDirTemplate?: string;
}

export interface StartedServer {
  /** http://127.0.0.1:<port> */
  baseUrl: string;
  /** The bootstrap administrator's credentials (ADMIN_USERNAME / ADMIN_PASSWORD). */
  adminUserName: string;
  adminPassword: string;
  /** Everything the server printed so far (stdout and stderr interleaved). */
  logs(): string;
  /** Stops the server (SIGTERM, then SIGKILL after 5 s) and deletes its DATA_DIR; safe to call twice. */
  stop(): Promise<void>;
}

/** Keep the last 2 MB of output: enough to explain a failure, bounded for long runs. */
const MAX_LOG_CHARS = 2_000_000;

export async function startServer(options: StartServerOptions = {}): Promise<StartedServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "agent-chat-server-"));
  if (options.dataDirTemplate) cpSync(options.dataDirTemplate, dataDir, { recursive: true });
  const adminUserName = options.env?.ADMIN_USERNAME ?? "admin";
  const adminPassword = options.env?.ADMIN_PASSWORD ?? `e2e-${randomBytes(9).toString("base64url")}`;
  const env: Record<string, string | undefined> = {
    ...process.env,
    DATABASE_URL: undefined, // PGlite unless the caller asks for PostgreSQL
    HOST: "127.0.0.1",
    PORT: String(port),
    DATA_DIR: dataDir,
    STATIC_DIR: join(repoRoot, "dist"),
    ADMIN_USERNAME: adminUserName,
    ADMIN_PASSWORD: adminPassword,
    ...options.env,
  };
  for (const key of Object.keys(env)) if (env[key] === undefined) delete env[key];

  // `node --import tsx` rather than `npx tsx`: one process, so stopping it stops the server.
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    cwd: repoRoot,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const append = (chunk: Buffer) => {
    output = (output + chunk.toString("utf8")).slice(-MAX_LOG_CHARS);
  };
  child.stdout.on("data", append);
  child.stderr.on("data", append);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  // If the test process exits without stop() (a crash, process.exit), do not leave the server behind.
  const killOnExit = () => {
    child.kill("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 });
  };
  process.once("exit", killOnExit);

  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    process.removeListener("exit", killOnExit);
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitUntilReady(baseUrl, exited, options.readyTimeoutMs ?? 90_000);
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}\n--- server output ---\n${output}`, { cause: error });
  }
  return { baseUrl, adminUserName, adminPassword, logs: () => output, stop };
}

async function waitUntilReady(baseUrl: string, exited: Promise<void>, timeoutMs: number): Promise<void> {
  let hasExited = false;
  void exited.then(() => (hasExited = true));
  const deadline = Date.now() + timeoutMs;
  let last = "no answer yet";
  while (Date.now() < deadline) {
    if (hasExited) throw new Error("the server exited before it was ready");
    try {
      const response = await fetch(`${baseUrl}/readyz`, { signal: AbortSignal.timeout(2000) });
      if (response.status === 200) return;
      last = `GET /readyz answered ${response.status}`;
    } catch (error) {
      last = (error as Error).message;
    }
    await delay(100);
  }
  throw new Error(`the server was not ready within ${timeoutMs / 1000}s (${last})`);
}
