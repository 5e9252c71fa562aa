/**
 * A throwaway PostgreSQL server: `initdb -A trust` into a temp dir, `pg_ctl start`
 * on a free port of 127.0.0.1 with its socket in that dir, stopped and deleted by
 * `stop()` (and, as a last resort, when the process exits).
 *
 * Plain JavaScript because scripts/test.mjs imports it before anything is compiled.
 */
import { chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "../../scripts/lib/net.mjs";
import { captureCommand } from "../../scripts/lib/proc.mjs";
import { which } from "../../scripts/lib/which.mjs";

/** Where Debian's postgresql-<version> packages put the server binaries (not on PATH). */
const DEBIAN_VERSIONS_DIR = "/usr/lib/postgresql";
const START_ATTEMPTS = 3;

/** The directory holding initdb and pg_ctl: PG_BINDIR, the newest Debian version, or PATH; undefined if none. */
export function findPostgresBinDir() {
  if (process.env.PG_BINDIR)
    return existsSync(join(process.env.PG_BINDIR, "initdb")) ? process.env.PG_BINDIR : undefined;
  if (existsSync(DEBIAN_VERSIONS_DIR)) {
    const versions = readdirSync(DEBIAN_VERSIONS_DIR)
      .filter((name) => /^\d+$/.test(name))
      .sort((a, b) => Number(b) - Number(a));
    for (const version of versions) {
      const dir = join(DEBIAN_VERSIONS_DIR, version, "bin");
      if (existsSync(join(dir, "initdb"))) return dir;
    }
  }
  const initdb = which("initdb");
  return initdb ? join(initdb, "..") : undefined;
}

/**
 * initdb refuses to run as root: as root, run the server as the `postgres` system
 * user (created by Debian's package) and hand it the temp dir.
 */
function serverAccount() {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag) => spawnSync("id", [flag, "postgres"], { encoding: "utf8" });
  const uid = id("-u");
  const gid = id("-g");
  if (uid.status !== 0 || gid.status !== 0) throw new Error("running as root needs a `postgres` system user");
  return { name: "postgres", uid: Number(uid.stdout), gid: Number(gid.stdout) };
}

function commandFor(account, binary, args) {
  return account ? ["runuser", ["-u", account.name, "--", binary, ...args]] : [binary, args];
}

async function runAs(account, binary, args) {
  const [command, argv] = commandFor(account, binary, args);
  const result = await captureCommand(command, argv);
  if (result.code !== 0) {
    throw new Error(`${binary} ${args.join(" ")} failed (exit ${result.code}):\n${result.stdout}${result.stderr}`);
  }
}

/**
 * Starts a fresh PostgreSQL server. Resolves with `{ url, port, stop }`; `url`
 * connects as the superuser `postgres` (trust authentication) to database `postgres`.
 */
export async function startPostgres({ binDir = findPostgresBinDir() } = {}) {
  if (!binDir)
    throw new Error("PostgreSQL server binaries not found (apt-get install -y postgresql, or set PG_BINDIR)");
  const account = serverAccount();
  const base = mkdtempSync(join(tmpdir(), "pg-test-"));
  const dataDir = join(base, "data");
  const logFile = join(base, "postgres.log");
  mkdirSync(dataDir, { mode: 0o700 });
  if (account) {
    chownSync(base, account.uid, account.gid);
    chownSync(dataDir, account.uid, account.gid);
  }

  const pgCtl = join(binDir, "pg_ctl");
  // postmaster.pid exists from the moment the server starts until it has shut down,
  // also when `pg_ctl start` gave up waiting on a server that still came up.
  const serverMayRun = () => existsSync(join(dataDir, "postmaster.pid"));
  const stopArgs = ["stop", "-D", dataDir, "-m", "immediate", "-w", "-t", "30"];
  const stopSync = () => {
    // Last resort on process exit; `stop()` is the normal path.
    if (serverMayRun()) spawnSync(...commandFor(account, pgCtl, stopArgs));
    rmSync(base, { recursive: true, force: true });
  };
  process.once("exit", stopSync);

  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    process.removeListener("exit", stopSync);
    // Immediate shutdown: the data is thrown away, so there is nothing to flush.
    if (serverMayRun()) await runAs(account, pgCtl, stopArgs).catch(() => {});
    rmSync(base, { recursive: true, force: true });
  };

  try {
    // --no-sync and the settings below trade durability for speed: a test database never survives a crash anyway.
    await runAs(account, join(binDir, "initdb"), [
      "-D",
      dataDir,
      "-A",
      "trust",
      "-U",
      "postgres",
      "-E",
      "UTF8",
      "--no-locale",
      "--no-sync",
    ]);
    let port = 0;
    for (let attempt = 1, running = false; !running; attempt++) {
      port = await freePort();
      const options = `-p ${port} -k '${base}' -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
      try {
        // The server is started detached (captureCommand), so Ctrl-C reaches the test runner, which stops it in order.
        await runAs(account, pgCtl, ["start", "-D", dataDir, "-l", logFile, "-w", "-t", "60", "-o", options]);
        running = true;
      } catch (error) {
        // Most likely another process took the port between freePort() and the bind: try another one.
        if (attempt >= START_ATTEMPTS) {
          const log = existsSync(logFile) ? readFileSync(logFile, "utf8") : "";
          throw new Error(`${error instanceof Error ? error.message : error}\n${log}`, { cause: error });
        }
      }
    }
    return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, port, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
