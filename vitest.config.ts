import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";
import { libraryReplacements } from "./vite.config.ts";

/**
 * Vitest's default is one worker fewer than the cores, to leave one to its main process. That
 * process is mostly idle once the files are transformed: on these 2-core machines a worker per
 * core takes the unit project from 8:00 to 5:50 and the server project from about 7:10 to 4:47.
 */
const workerPerCore = availableParallelism();

/**
 * Three projects: `unit` (front end in jsdom), `server` (handlers, contract, on
 * PGlite or on PostgreSQL when DATABASE_URL is set) and `e2e` (Chromium).
 */
export default defineConfig({
  test: {
    projects: [
      {
        plugins: [react()],
        resolve: { alias: libraryReplacements },
        test: {
          name: "unit",
          // Transformed like the app's code, so that its imports get the replacements above.
          server: { deps: { inline: ["micromark"] } },
          environment: "jsdom",
          maxWorkers: workerPerCore,
          include: ["tests/unit/**/*.test.{ts,tsx}"],
          exclude: ["tests/unit/server/**"],
          setupFiles: ["tests/support/unitTimeouts.ts", "tests/unit/setup.ts"],
          // The first test of a file also pays for compiling and first rendering the app (~3 s idle).
          testTimeout: 15_000,
          // A test that failed once is run again, in every project: one rare failure among 3,000
          // tests must not stop everything landing. One that passes only on its second try is
          // named as flaky at the end of `npm test` (scripts/lib/vitestReport.mjs).
          retry: 1,
        },
      },
      {
        test: {
          name: "server",
          environment: "node",
          maxWorkers: workerPerCore,
          include: ["tests/unit/server/**/*.test.ts", "tests/contract/**/*.test.ts"],
          // One migrated database per run, copied by each file's (tests/helpers/testDatabase.ts).
          globalSetup: ["tests/support/databaseTemplateSetup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          retry: 1,
        },
      },
      {
        test: {
          name: "e2e",
          environment: "node",
          include: ["tests/e2e/**/*.test.ts"],
          // One migrated PGlite data folder per run, copied into each server's DATA_DIR.
          globalSetup: ["tests/support/serverDataDirTemplateSetup.ts"],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          retry: 1,
          fileParallelism: false,
        },
      },
    ],
  },
});
