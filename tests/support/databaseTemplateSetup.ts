/**
 * Vitest globalSetup of the server project: one migrated template per run, which every
 * test file's database copies (tests/helpers/testDatabase.ts) instead of creating and
 * migrating its own. PGlite: a dump in a temporary file; PostgreSQL (DATABASE_URL):
 * a template database on that server, dropped at the end.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { migratedPgliteDump, migratedPostgresTemplate } from "./databaseTemplate";

declare module "vitest" {
  export interface ProvidedContext {
    /** A migrated PGlite's dumpDataDir() tarball (when DATABASE_URL is not set). */
    pgliteTemplateFile?: string;
    /** The migrated template database's name on DATABASE_URL's server. */
    postgresTemplate?: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const template = await migratedPostgresTemplate(serverUrl);
    project.provide("postgresTemplate", template.name);
    return () => template.drop();
  }
  const dir = mkdtempSync(join(tmpdir(), "pglite-template-"));
  const file = join(dir, "migrated.tar");
  writeFileSync(file, await migratedPgliteDump());
  project.provide("pgliteTemplateFile", file);
  return async () => rmSync(dir, { recursive: true, force: true });
}
