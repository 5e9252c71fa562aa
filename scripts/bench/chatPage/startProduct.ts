/**
 * The real server for the chat page benchmark (scripts/bench/lib/benchServer.ts):
 * a temporary DATA_DIR (file-backed PGlite), the built front end from dist/, a
 * `user`-role user with a product token, an agent bound to the fake model server,
 * and a conversation of `turns` question/answer pairs.
 */
import { resolve } from "node:path";
import type { Db } from "../../../src/server/db/client";
import { startBenchServer } from "../lib/benchServer";
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
  const server = await startBenchServer({
    name: "bench-chat-page",
    database: { kind: "pglite", onDisk: true },
    // BENCH_STATIC_DIR: another build, e.g. an unminified one with source maps for reading a CPU profile.
    staticDir: resolve(process.env.BENCH_STATIC_DIR || "dist"),
    openaiBaseUrl,
  });
  const { db, userId, gptSystemId } = server;
  const conversationId = await seedConversation(db, userId, gptSystemId, turns);
  await prepare?.(db, { userId, gptSystemId });
  return { url: server.url, userId, token: server.token, gptSystemId, conversationId, close: server.close };
}
