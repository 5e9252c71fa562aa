/**
 * Per-file set-up for the end-to-end tests: one real server (fresh PGlite, built
 * front end from dist/) and one Chromium per test file; a fresh browser context
 * (no token, no storage) per test. On a failure, the server's output and the
 * page's errors are printed next to the assertion.
 */
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, expect, inject } from "vitest";
import { repoRoot } from "../../scripts/lib/paths.mjs";
import { launchChromium } from "../support/chromium.ts";
import { startServer, type StartedServer } from "../support/server.ts";

/** Screenshots land here (git-ignored), for people and for reviewing a CI run. */
export const SCREENSHOT_DIR = join(repoRoot, "test-results", "e2e");

/** How long a page may take to show something before the test fails. */
const UI_TIMEOUT_MS = 15_000;

export interface E2eApp {
  readonly server: StartedServer;
  /**
   * A page in a new, empty browser context whose relative URLs resolve against the server.
   * `enforceCsp`: keep the server's Content-Security-Policy (otherwise bypassed for axe-core).
   */
  newPage(options?: { enforceCsp?: boolean }): Promise<Page>;
  /** Saves a full-page screenshot as test-results/e2e/<name>.png and returns its path. */
  screenshot(page: Page, name: string): Promise<string>;
}

export interface E2eAppOptions {
  /** Extra server environment, read when the server starts (after earlier beforeAll hooks, e.g. a fake model server). */
  serverEnv?: () => Record<string, string | undefined>;
}

export function setUpE2eApp(options: E2eAppOptions = {}): E2eApp {
  let server: StartedServer | undefined;
  let browser: Browser | undefined;
  let contexts: BrowserContext[] = [];
  let pageErrors: string[] = [];

  beforeAll(async () => {
    if (!existsSync(join(repoRoot, "dist", "index.html"))) {
      throw new Error("dist/ is not built: run `npm run build`, or `npm test -- --only e2e`, which builds when needed");
    }
    server = await startServer({ env: options.serverEnv?.(), dataDirTemplate: inject("serverDataDirTemplate") });
    browser = await launchChromium();
  });

  beforeEach(({ onTestFailed }) => {
    onTestFailed(() => {
      if (pageErrors.length) console.error(`Browser errors:\n${pageErrors.join("\n")}`);
      if (server) console.error(`Server output (last 6000 characters):\n${server.logs().slice(-6000)}`);
    });
  });

  afterEach(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    contexts = [];
    pageErrors = [];
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  return {
    get server() {
      if (!server) throw new Error("the server is not running (beforeAll failed)");
      return server;
    },
    async newPage({ enforceCsp = false } = {}) {
      if (!browser || !server) throw new Error("the browser or server is not running (beforeAll failed)");
      // bypassCSP: axe-core is injected as an inline script, which the server's CSP forbids.
      const context = await browser.newContext({
        baseURL: server.baseUrl,
        bypassCSP: !enforceCsp,
        viewport: { width: 1280, height: 800 },
      });
      context.setDefaultTimeout(UI_TIMEOUT_MS);
      contexts.push(context);
      const page = await context.newPage();
      page.on("pageerror", (error) => pageErrors.push(`pageerror: ${error.message}`));
      page.on("console", (message) => {
        if (message.type() === "error") pageErrors.push(`console.error: ${message.text()}`);
      });
      return page;
    },
    async screenshot(page, name) {
      mkdirSync(SCREENSHOT_DIR, { recursive: true });
      const path = join(SCREENSHOT_DIR, `${name}.png`);
      await page.screenshot({ path, fullPage: true });
      return path;
    },
  };
}

/** Asserts that `locator` becomes visible, failing with a readable message instead of a bare timeout. */
export async function expectVisible(locator: Locator, description: string): Promise<void> {
  const visible = await locator.waitFor({ state: "visible" }).then(
    () => true,
    () => false,
  );
  expect(visible, `${description} should be visible`).toBe(true);
}

/** Waits for the browser to reach `pathAndQuery` (e.g. "/chat/agents?x=1") and asserts it did. */
export async function expectLocation(page: Page, pathAndQuery: string): Promise<void> {
  const current = () => {
    const url = new URL(page.url());
    return url.pathname + url.search;
  };
  await page.waitForURL(() => current() === pathAndQuery).catch(() => undefined);
  expect(current()).toBe(pathAndQuery);
}

/**
 * Waits until the page looks final: loaded, web fonts ready and no finite animation
 * running, so that a screenshot or an axe colour-contrast check does not catch a
 * half-faded element. (Playwright's "networkidle" never arrives with this Chromium.)
 */
export async function waitForSettled(page: Page): Promise<void> {
  await page.waitForLoadState("load");
  await page.evaluate(async () => {
    await document.fonts.ready;
  });
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) => animation.playState !== "running" || animation.effect?.getComputedTiming().endTime === Infinity,
      ),
  );
}
