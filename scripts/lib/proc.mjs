/**
 * Child processes for the repository scripts.
 *
 * Every child starts in its own process group (`detached`), so that stopping it
 * also stops what it spawned (npm → node → vitest workers → browsers) and so that
 * Ctrl-C reaches only the script, which then stops its children in order instead
 * of everything dying at once halfway through a cleanup.
 */
import { spawn } from "node:child_process";
import { constants } from "node:os";
import { setTimeout as delay } from "node:timers/promises";

/** Children started through this module and not yet exited. */
const live = new Set();

/**
 * Spawns `command` in a new process group. Output is inherited and stdin is closed
 * (unless `options.stdio` says otherwise): a background process group that reads the
 * terminal is stopped by SIGTTIN, as Vite and tsx watch would be when they look for keys.
 */
export function startProcess(command, args, options = {}) {
  const child = spawn(command, args, { stdio: ["ignore", "inherit", "inherit"], ...options, detached: true });
  live.add(child);
  const forget = () => live.delete(child);
  child.once("exit", forget);
  child.once("error", forget);
  return child;
}

/** Resolves with `{ code, signal, error }` once the child has exited (or failed to spawn). */
export function waitForExit(child) {
  if (child.exitCode !== null || child.signalCode !== null) {
    return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  }
  return new Promise((resolve) => {
    child.once("exit", (code, signal) => resolve({ code, signal }));
    // A command that cannot be spawned (ENOENT) emits "error" and never "exit".
    child.once("error", (error) => resolve({ code: 127, signal: null, error }));
  });
}

function signalGroup(child, signal) {
  if (child.pid === undefined) return false;
  try {
    process.kill(-child.pid, signal);
    return true;
  } catch {
    return false; // ESRCH: the group is already gone
  }
}

/**
 * Stops a child and its whole process group: SIGTERM, then SIGKILL after `graceMs`.
 * Resolves when the child itself has exited.
 */
export async function stopProcess(child, graceMs = 5000) {
  const exited = waitForExit(child);
  if (child.exitCode === null && child.signalCode === null) {
    signalGroup(child, "SIGTERM");
    const stopped = await Promise.race([
      exited.then(() => true),
      delay(graceMs, undefined, { ref: false }).then(() => false),
    ]);
    if (!stopped) signalGroup(child, "SIGKILL");
  }
  await exited;
  await reapGroup(child, 0);
}

/**
 * Kills whatever is still in the child's process group a moment after the child exited,
 * e.g. a server a test forgot to stop. Helpers that exit on their own just after their
 * parent (esbuild's service under tsx) get `graceMs` first. Resolves true when something was killed.
 */
export async function reapGroup(child, graceMs = 2000) {
  for (const deadline = Date.now() + graceMs; Date.now() < deadline; await delay(50)) {
    if (!signalGroup(child, 0)) return false;
  }
  return signalGroup(child, "SIGKILL");
}

/**
 * Passes SIGINT, SIGTERM and SIGHUP on to the children's process groups, once: `npm start`
 * forwards the terminal's Ctrl-C to a script that already got it, and a second SIGINT makes
 * servers skip their graceful shutdown. Children still running `graceMs` later are killed.
 */
export function forwardSignals(children, graceMs = 10_000) {
  let forwarded = false;
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
    process.on(signal, () => {
      if (forwarded) return;
      forwarded = true;
      for (const child of children) signalGroup(child, signal);
      setTimeout(() => children.forEach((child) => signalGroup(child, "SIGKILL")), graceMs).unref();
    });
  }
}

/** The exit code a shell would report for a child's `{ code, signal }`. */
export function exitCodeOf({ code, signal }) {
  return signal ? 128 + (constants.signals[signal] ?? 0) : (code ?? 1);
}

/** Stops every live child (on Ctrl-C or SIGTERM). */
export function stopAllProcesses() {
  return Promise.all([...live].map((child) => stopProcess(child)));
}

/**
 * Runs a command to completion with inherited output. With `timeoutMs`, a command
 * still running then is stopped and reported as timed out.
 * Resolves with `{ code, signal, timedOut, leftovers }`; never rejects.
 */
export async function runCommand(command, args, { timeoutMs, ...options } = {}) {
  const child = startProcess(command, args, options);
  let timedOut = false;
  const timer =
    timeoutMs === undefined
      ? undefined
      : setTimeout(() => {
          timedOut = true;
          void stopProcess(child);
        }, timeoutMs);
  const result = await waitForExit(child);
  clearTimeout(timer);
  const leftovers = await reapGroup(child);
  return { ...result, timedOut, leftovers };
}

/** Runs a command and captures its output: `{ code, stdout, stderr }`; never rejects. */
export async function captureCommand(command, args, options = {}) {
  const child = startProcess(command, args, { ...options, stdio: ["ignore", "pipe", "pipe"] });
  const closed = new Promise((resolve) => child.once("close", resolve));
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (chunk) => (stdout += chunk));
  child.stderr?.on("data", (chunk) => (stderr += chunk));
  const { code, error } = await waitForExit(child);
  // Output may still be in flight after "exit"; a daemon the command left running
  // (pg_ctl start) could hold the pipes open forever, so wait for "close" only briefly.
  if (!error) await Promise.race([closed, delay(1000, undefined, { ref: false })]);
  return { code, stdout, stderr: error ? `${stderr}${error.message}` : stderr };
}
