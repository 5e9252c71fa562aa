/** What getBuildInfo reports: fixed when the server starts. */
import { execFileSync } from "node:child_process";
import packageJson from "../../../../package.json" with { type: "json" };

export interface BuildInfo {
  version: string;
  buildId: string;
  commitHash: string;
  timestamp: string;
}

function gitCommit(): string | undefined {
  try {
    const hash = execFileSync("git", ["rev-parse", "HEAD"], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
      timeout: 2000,
    });
    return hash.trim() || undefined;
  } catch {
    return undefined;
  }
}

/** BUILD_ID and COMMIT_HASH come from the build pipeline; a checkout falls back to git, then to "dev"/"unknown". */
export function readBuildInfo(env: Record<string, string | undefined>, startedAt: Date, commit = gitCommit): BuildInfo {
  return {
    version: packageJson.version,
    buildId: env.BUILD_ID || "dev",
    commitHash: env.COMMIT_HASH || commit() || "unknown",
    timestamp: startedAt.toISOString(),
  };
}

/** Read once, when the server process loads this module. */
export const buildInfo = readBuildInfo(process.env, new Date());
