import { count } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../../../src/server/db/client";
import * as schema from "../../../src/server/db/schema";
import { seed } from "../../../src/server/seed";
import { seedChat } from "../../../src/server/seedChat";
import { freshPostgresDatabase } from "../../support/databaseTemplate";

const serverUrl = process.env.DATABASE_URL;
const config = {
  adminUserName: "admin",
  adminPassword: "startup-lock-admin-1",
  encryptionKey: "c3RhcnR1cC1sb2NrLXRlc3Qta2V5LTMyLWJ5dGVzISE=",
  modelSeeds: [
    {
      name: "OpenAI",
      providerType: "openai" as const,
      baseUrl: "http://127.0.0.1:9/v1",
      apiKey: "sk-test",
      model: "gpt-test",
    },
  ],
};

// PGlite is one process's own database; replicas share a PostgreSQL server.
describe.skipIf(!serverUrl)("server processes starting together on one empty PostgreSQL database", () => {
  it("migrate and seed it one after the other: no failure, one administrator, one agent, one connection", async () => {
    const empty = await freshPostgresDatabase(serverUrl!, "startup");
    const replicas = await Promise.all([1, 2, 3].map(() => openDatabase({ databaseUrl: empty.url })));
    try {
      const started = await Promise.allSettled(
        replicas.map((database) =>
          database.exclusively(async () => {
            await database.migrate();
            await seed(database.db, config);
            await seedChat(database.db, config);
          }),
        ),
      );
      expect(started.map((result) => result.status)).toEqual(["fulfilled", "fulfilled", "fulfilled"]);
      const db = replicas[0]!.db;
      const rows = async (table: typeof schema.users | typeof schema.gptSystems | typeof schema.connections) =>
        (await db.select({ n: count() }).from(table))[0]!.n;
      expect([await rows(schema.users), await rows(schema.gptSystems), await rows(schema.connections)]).toEqual([
        1, 1, 1,
      ]);
      expect(await Promise.all(replicas.map((database) => database.isReady()))).toEqual([true, true, true]);
    } finally {
      await Promise.all(replicas.map((database) => database.close()));
      await empty.drop();
    }
  });
});
