/**
 * Launches Debian's Chromium (`command -v chromium`) through playwright-core.
 * Never a browser download: playwright-core has none of its own, and `npm test`
 * installs Debian's package when chromium is missing.
 */
import { chromium, type Browser } from "playwright-core";
import { which } from "../../scripts/lib/which.mjs";

/** Flags for a quiet, hermetic headless run: no sandbox (CI runs as root), no GPU, no calls home. */
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/**
 * A headless Chromium. Playwright gives each launch a fresh temporary user-data-dir
 * (deleted on close), so no profile state leaks between runs.
 */
export async function launchChromium(): Promise<Browser> {
  const executablePath = which("chromium");
  if (!executablePath) {
    throw new Error(
      "chromium is not on PATH: run `npm test -- --only e2e` (installs it) or `apt-get install -y chromium`",
    );
  }
  return chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS });
}
