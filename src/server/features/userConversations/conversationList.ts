/** Paged conversation lists: newest first, keyset-paged with an opaque continuationToken. */
import { and, desc, eq, inArray, isNotNull, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import type { components } from "../../../generated/api";
import type { Db } from "../../db/client";
import { conversations, gptSystems } from "../../db/chatSchema";
import { problem } from "../../http/problem";
import { isChatConversation, toAgentReference, toSummary } from "./conversationRepo";

export interface ListOptions {
  archived: "only" | "exclude" | "include";
  includeDeleted: boolean;
  search?: string;
  continuationToken?: string;
  pageSize: number;
}

interface Cursor {
  updatedAt: string;
  conversationId: string;
}

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString("base64url");
}

function decodeCursor(token: string): Cursor {
  try {
    const cursor = JSON.parse(Buffer.from(token, "base64url").toString("utf8")) as Cursor;
    if (typeof cursor.updatedAt !== "string" || typeof cursor.conversationId !== "string" || Number.isNaN(Date.parse(cursor.updatedAt)))
      throw new Error("bad cursor");
    return cursor;
  } catch {
    throw problem(400, "Bad Request", "The request is not valid.", { continuationToken: ["is not a token this server issued"] });
  }
}

/** LIKE wildcards in the user's text are matched literally. */
function likePattern(search: string): string {
  return `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export async function listConversations(db: Db, userId: string, options: ListOptions): Promise<components["schemas"]["ConversationPage"]> {
  const filters: (SQL | undefined)[] = [eq(conversations.userId, userId), isChatConversation];
  if (!options.includeDeleted) filters.push(isNull(conversations.deletedAt));
  if (options.archived === "only") filters.push(isNotNull(conversations.archivedAt));
  if (options.archived === "exclude") filters.push(isNull(conversations.archivedAt));
  if (options.search) filters.push(sql`lower(${conversations.title}) like ${likePattern(options.search)}`);
  if (options.continuationToken) {
    const cursor = decodeCursor(options.continuationToken);
    const at = new Date(cursor.updatedAt);
    filters.push(
      or(lt(conversations.updatedAt, at), and(eq(conversations.updatedAt, at), lt(conversations.conversationId, cursor.conversationId))),
    );
  }
  const rows = await db
    .select()
    .from(conversations)
    .where(and(...filters))
    .orderBy(desc(conversations.updatedAt), desc(conversations.conversationId))
    .limit(options.pageSize + 1);
  const page = rows.slice(0, options.pageSize);
  const agentIds = [...new Set(page.map((r) => r.gptSystemId))];
  const agents = agentIds.length ? await db.select().from(gptSystems).where(inArray(gptSystems.gptSystemId, agentIds)) : [];
  const byId = new Map(agents.map((a) => [a.gptSystemId, a]));
  const last = page.at(-1);
  return {
    items: page.map((row) => toSummary(row, toAgentReference(row.gptSystemId, byId.get(row.gptSystemId), userId))),
    continuationToken:
      rows.length > options.pageSize && last ? encodeCursor({ updatedAt: last.updatedAt.toISOString(), conversationId: last.conversationId }) : null,
  };
}
