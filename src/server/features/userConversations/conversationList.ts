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
  /** The row's updated_at as the database writes it (to the microsecond: a JavaScript Date keeps milliseconds). */
  updatedAt: string;
  conversationId: string;
}

/** A timestamp with its zone, as PostgreSQL writes one ("2026-11-28 04:43:25.324716+00") or ISO 8601. */
const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?(Z|[+-](\d{2})(?::?(\d{2})){0,2})$/;

/** Whether the timestamp names a real instant (no 30 February, no hour 99): PostgreSQL refuses those with an error. */
function isTimestamp(text: string): boolean {
  const parts = TIMESTAMP.exec(text);
  if (!parts) return false;
  const [year, month, day, hour, minute, second, zoneHours, zoneMinutes] = [1, 2, 3, 4, 5, 6, 9, 10].map((i) =>
    Number(parts[i] ?? 0),
  );
  const daysInMonth = new Date(Date.UTC(year!, month!, 0)).getUTCDate();
  return (
    year! >= 1 && month! >= 1 && month! <= 12 && day! >= 1 && day! <= daysInMonth &&
    hour! <= 23 && minute! <= 59 && second! <= 59 && zoneHours! <= 15 && zoneMinutes! <= 59
  );
}
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString("base64url");
}

function decodeCursor(token: string): Cursor {
  try {
    const cursor = JSON.parse(Buffer.from(token, "base64url").toString("utf8")) as Cursor;
    // Checked whole before it reaches a statement: a token is the client's to send back, not to write.
    if (typeof cursor.updatedAt !== "string" || !isTimestamp(cursor.updatedAt)) throw new Error("bad cursor");
    if (typeof cursor.conversationId !== "string" || !UUID.test(cursor.conversationId)) throw new Error("bad cursor");
    return cursor;
  } catch {
    throw problem(400, "Bad Request", "The request is not valid.", { continuationToken: ["is not a token this server issued"] });
  }
}

/** Letters that are one letter in another case but that toLowerCase/toUpperCase do not lead back to. */
const SAME_LETTERS = ["σςΣ", "iIİı", "sSſ", "kKK", "ßẞ"].map((letters) => [...letters]);

/** A letter and its other cases, each one character ("Σ" → Σ, σ, ς). */
function casesOf(char: string): string[] {
  const cases = new Set([char, char.toLowerCase(), char.toUpperCase()]);
  for (const letters of SAME_LETTERS) if (letters.some((letter) => cases.has(letter))) letters.forEach((l) => cases.add(l));
  return [...cases].filter((c) => [...c].length === 1);
}

/** Marks typed in more than one way: a straight or curly apostrophe, straight or curly quotes. */
const SAME_MARKS = ["'’‘ʼ", '"“”„'].map((marks) => [...marks]);

/** One character of the search: the bracket of its cases or of its kind of mark, else the character escaped. */
function charPattern(char: string): string {
  const marks = SAME_MARKS.find((kind) => kind.includes(char));
  if (marks) return `[${marks.join("")}]`;
  const cases = casesOf(char);
  if (cases.length > 1) return `[${cases.join("")}]`;
  return /[\p{L}\p{N}]/u.test(char) ? char : `\\${char}`;
}

const SHARP_S = "ßẞ";
const isS = (char: string | undefined) => char === "s" || char === "S" || char === "ſ";
const SHARP_S_OR_SS = `(?:[${SHARP_S}]|[sSſ][sSſ])`;

/**
 * The user's text as a regular expression that ignores case: each letter becomes the bracket of its
 * cases ("é" → "[éÉ]"), anything else but letters and digits is escaped. Not lower(title) LIKE …: on a
 * database created with the C locale, lower() changes only A–Z, so "ÉTÉ" would not find "été". A letter
 * with an accent is found written either way Unicode allows, one character or the letter then its mark
 * (text pasted from macOS file names, some keyboards): "é" → "(?:[éÉ]|[eE]\u0301)". "ss" and "ß" find
 * each other.
 */
function titleSearchPattern(search: string): string {
  const chars = [...search.normalize("NFC")];
  let pattern = "";
  for (let index = 0; index < chars.length; index++) {
    const char = chars[index]!;
    if ((isS(char) && isS(chars[index + 1])) || SHARP_S.includes(char)) {
      // German writes ß as "ss" in capitals and where the keyboard has no ß: "STRASSE" is "Straße".
      pattern += SHARP_S_OR_SS;
      if (isS(char)) index++;
      continue;
    }
    const decomposed = char.normalize("NFD");
    pattern +=
      decomposed === char ? charPattern(char) : `(?:${charPattern(char)}|${[...decomposed].map(charPattern).join("")})`;
  }
  return pattern;
}

export async function listConversations(db: Db, userId: string, options: ListOptions): Promise<components["schemas"]["ConversationPage"]> {
  const filters: (SQL | undefined)[] = [eq(conversations.userId, userId), isChatConversation];
  if (!options.includeDeleted) filters.push(isNull(conversations.deletedAt));
  if (options.archived === "only") filters.push(isNotNull(conversations.archivedAt));
  if (options.archived === "exclude") filters.push(isNull(conversations.archivedAt));
  if (options.search) filters.push(sql`${conversations.title} ~ ${titleSearchPattern(options.search)}`);
  if (options.continuationToken) {
    const cursor = decodeCursor(options.continuationToken);
    const at = sql`${cursor.updatedAt}::timestamptz`;
    filters.push(
      or(
        sql`${conversations.updatedAt} < ${at}`,
        and(sql`${conversations.updatedAt} = ${at}`, lt(conversations.conversationId, cursor.conversationId)),
      ),
    );
  }
  const rows = await db
    .select({ row: conversations, cursorAt: sql<string>`${conversations.updatedAt}::text` })
    .from(conversations)
    .where(and(...filters))
    .orderBy(desc(conversations.updatedAt), desc(conversations.conversationId))
    .limit(options.pageSize + 1);
  const page = rows.slice(0, options.pageSize).map(({ row }) => row);
  const agentIds = [...new Set(page.map((r) => r.gptSystemId))];
  const agents = agentIds.length ? await db.select().from(gptSystems).where(inArray(gptSystems.gptSystemId, agentIds)) : [];
  const byId = new Map(agents.map((a) => [a.gptSystemId, a]));
  const last = rows.length > options.pageSize ? rows[options.pageSize - 1] : undefined;
  return {
    items: page.map((row) => toSummary(row, toAgentReference(row.gptSystemId, byId.get(row.gptSystemId), userId))),
    continuationToken: last ? encodeCursor({ updatedAt: last.cursorAt, conversationId: last.row.conversationId }) : null,
  };
}
