import type { FastifyInstance } from "fastify";
import { replaceReportSnapshots } from "../features/adminModeration/reportContext";
import type { AppDeps } from "../http/types";
import { readHipaaSettings } from "./hipaaSettings";
import { setHipaaLogScrubbing } from "./logScrubbing";
import { sweepExpiredConversations } from "./retention";

/** Retention is counted in days: a sweep every 10 minutes keeps deletion within minutes of expiry. */
export const HIPAA_SWEEP_INTERVAL_MS = 10 * 60 * 1000;

export interface HipaaMaintenanceOptions {
  intervalMs?: number;
  /** The clock (tests pass a fixed one). */
  now?: () => Date;
}

/** One pass: follow the HIPAA toggle in the log and in moderation reports, delete expired conversations. */
export async function runHipaaMaintenance(deps: AppDeps, now: Date): Promise<number> {
  const settings = await readHipaaSettings(deps.database.db);
  setHipaaLogScrubbing(settings.enabled);
  if (settings.enabled) {
    const replaced = await replaceReportSnapshots(deps.database.db);
    if (replaced > 0) deps.log.info({ replaced }, "moderation report snapshots replaced by references");
  }
  const deleted = await sweepExpiredConversations(deps.database.db, now);
  if (deleted > 0) deps.log.info({ deleted, retentionDays: settings.retentionDays }, "expired conversations deleted");
  return deleted;
}

/**
 * Runs the maintenance when the server is ready (so that a period shortened
 * while it was down applies at once) and then periodically, until close.
 */
export function registerHipaaMaintenance(
  app: FastifyInstance,
  deps: AppDeps,
  options: HipaaMaintenanceOptions = {},
): void {
  const now = options.now ?? (() => new Date());
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const run = () => {
    running = runHipaaMaintenance(deps, now()).catch((error: unknown) =>
      deps.log.error({ err: error }, "HIPAA maintenance failed"),
    );
  };
  app.addHook("onReady", async () => {
    run();
    await running;
    timer = setInterval(run, options.intervalMs ?? HIPAA_SWEEP_INTERVAL_MS);
    timer.unref();
  });
  app.addHook("onClose", async () => {
    clearInterval(timer);
    await running;
  });
}

/** After the hipaa tab changed: the log follows at once, and a shortened period deletes at once. */
export async function applyHipaaSettings(deps: AppDeps, now = new Date()): Promise<void> {
  await runHipaaMaintenance(deps, now);
}
