/** The server process: config → database → migrate → seed → buildApp → listen, until SIGINT/SIGTERM. */
import { buildApp } from "./app";
import { loadConfig } from "./config";
import { openDatabase } from "./db/client";
import { createLogger } from "./http/logger";
import { recoverInterruptedAnswers } from "./features/userConversations/recovery";
import { seed } from "./seed";
import { seedChat } from "./seedChat";

async function main(): Promise<void> {
  const config = loadConfig();
  const log = createLogger(config.logLevel);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    pgliteThread: config.pgliteThread,
  });
  // One process at a time: replicas started together must not migrate and seed the same database at once.
  const { generatedAdminPassword } = await database.exclusively(async () => {
    await database.migrate();
    const seeded = await seed(database.db, config);
    await seedChat(database.db, config);
    return seeded;
  });
  if (generatedAdminPassword !== null)
    // Plain text rather than a log record: meant for the person starting the server, once.
    console.log(
      `\nBootstrap administrator: ${config.adminUserName} / ${generatedAdminPassword} (shown once; change it after signing in)\n`,
    );

  const interrupted = await recoverInterruptedAnswers(database);
  if (interrupted > 0) log.warn({ interrupted }, "answers interrupted by the last shutdown were marked Failed");

  const app = await buildApp({ config, database, log });
  let stopping = false;
  const stop = async (signal: string): Promise<void> => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, "shutting down");
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      log.error({ err: error }, "shutdown failed");
      process.exit(1);
    }
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));

  await app.listen({ host: config.host, port: config.port });
  log.info(
    `Agent Chat listening on http://${config.host.includes(":") ? `[${config.host}]` : config.host}:${config.port}`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
