/**
 * System packages from Debian's repositories, installed only when missing
 * (CI machines may be new; developers' machines usually have them already).
 */
import { existsSync, rmSync, writeFileSync } from "node:fs";
import { runCommand } from "./proc.mjs";
import { which } from "./which.mjs";

let listsUpdated = false;

// Debian's convention for "do not start services from maintainer scripts": installing
// `postgresql` would otherwise create and start a cluster on port 5432 that outlives the run.
const POLICY_RC_D = "/usr/sbin/policy-rc.d";

async function apt(args) {
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  // Wait for another apt/dpkg (e.g. unattended upgrades) instead of failing at once.
  const { code } = await runCommand("apt-get", ["-o", "DPkg::Lock::Timeout=300", ...args], { env });
  if (code !== 0) throw new Error(`apt-get ${args.join(" ")} failed (exit ${code})`);
}

/**
 * `apt-get install -y <packages>` (after one `apt-get update` per run).
 * With `startServices: false`, services the packages ship are not started.
 */
export async function aptInstall(packages, { startServices = true } = {}) {
  const command = `apt-get install -y ${packages.join(" ")}`;
  if (!which("apt-get"))
    throw new Error(`${packages.join(", ")} missing and apt-get is not available; install it yourself`);
  if (process.getuid?.() !== 0) throw new Error(`${packages.join(", ")} missing; run as root: ${command}`);
  console.log(`Installing ${packages.join(", ")} from Debian: ${command}`);
  if (!listsUpdated) {
    await apt(["update"]);
    listsUpdated = true;
  }
  const addPolicy = !startServices && !existsSync(POLICY_RC_D);
  if (addPolicy) writeFileSync(POLICY_RC_D, "#!/bin/sh\nexit 101\n", { mode: 0o755 });
  try {
    await apt(["install", "-y", ...packages]);
  } finally {
    if (addPolicy) rmSync(POLICY_RC_D, { force: true });
  }
}

/** The path of `chromium`, installing Debian's package when it is not on PATH. */
export async function ensureChromium() {
  const found = which("chromium");
  if (found) return found;
  await aptInstall(["chromium"]);
  const installed = which("chromium");
  if (!installed) throw new Error("apt-get installed chromium but `command -v chromium` is still empty");
  return installed;
}
