/**
 * The real server for the chat page benchmark: a temporary DATA_DIR (file-backed
 * PGlite), the built front end from dist/, a `user`-role user with a product
 * token, and an agent bound to the fake model server.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { pino } from "pino";
import { buildApp } from "../../../src/server/app";
import { signProductToken } from "../../../src/server/auth/productToken";
import { loadConfig } from "../../../src/server/config";
import { openDatabase, type Db } from "../../../src/server/db/client";
import { userRoleAssignments, userRoles, users } from "../../../src/server/db/schema";
import { seed } from "../../../src/server/seed";
import { createAgent } from "../../../tests/helpers/chatFixtures";
import { seedConversation } from "./seedConversation";

export interface Product {
  url: string;
  userId: string;
  token: string;
  gptSystemId: string;
  conversationId: string;
  close(): Promise<void>;
}

/** `prepare` may add data of its own (other scripts reuse this server, e.g. to look at screens). */
export async function startProduct(
  openaiBaseUrl: string,
  turns: number,
  prepare?: (db: Db, ids: { userId: string; gptSystemId: string }) => Promise<void>,
): Promise<Product> {
  const dataDir = mkdtempSync(join(tmpdir(), "bench-chat-page-"));
  const config = loadConfig({
    TOKEN_SECRET: randomBytes(32).toString("base64"),
    ENCRYPTION_KEY: randomBytes(32).toString("base64"),
    ADMIN_USERNAME: "admin",
    ADMIN_PASSWORD: randomBytes(12).toString("base64"),
    LOG_LEVEL: "silent",
    DATA_DIR: dataDir,
    STATIC_DIR: resolve("dist"),
  });
  const database = await openDatabase({ dataDir: join(dataDir, "db") });
  await database.migrate();
  await seed(database.db, config);
  const app = await buildApp({ config, database, log: pino({ level: "silent" }) });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  const db = database.db;
  const [user] = await db.insert(users).values({ userName: "bench-user", displayName: "Bench User" }).returning();
  const [role] = await db.select().from(userRoles).where(eq(userRoles.name, "user"));
  if (!user || !role) throw new Error("could not create the benchmark user");
  await db.insert(userRoleAssignments).values({ userId: user.userId, userRoleId: role.userRoleId });
  const token = await signProductToken(config, {
    userId: user.userId,
    userName: user.userName,
    displayName: user.displayName,
    identityProvider: "local",
  });
  const { gptSystemId } = await createAgent(db, {
    openaiBaseUrl,
    encryptionKey: config.encryptionKey,
    name: "Bench agent",
  });
  const conversationId = await seedConversation(db, user.userId, gptSystemId, turns);
  await prepare?.(db, { userId: user.userId, gptSystemId });
  return {
    url,
    userId: user.userId,
    token,
    gptSystemId,
    conversationId,
    close: async () => {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
