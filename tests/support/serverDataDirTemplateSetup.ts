/**
 * Vitest globalSetup of the e2e project: one migrated PGlite data folder per run, which
 * startServer copies into each server's DATA_DIR, so a server starts on an existing
 * database (its migrations then apply nothing, its seed runs as at any start) instead
 * of creating and migrating a new one.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { migratedPgliteDataDir } from "./databaseTemplate";

declare module "vitest" {
  export interface ProvidedContext {
    /** A DATA_DIR holding only a migrated PGlite database, to copy. */
    serverDataDirTemplate?: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = mkdtempSync(join(tmpdir(), "server-data-template-"));
  await migratedPgliteDataDir(dir);
  project.provide("serverDataDirTemplate", dir);
  return async () => rmSync(dir, { recursive: true, force: true });
}
