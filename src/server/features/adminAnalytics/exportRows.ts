/**
 * The CSV export: one row per conversation started in the period, with its
 * whole history's figures. In HIPAA mode the title (made from the first
 * question) is left out, so no question or answer text leaves in an export.
 */
import { and, asc, eq, gte, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { conversationSegments as s, conversations as c, gptSystems } from "../../db/chatSchema";
import { isChatConversation } from "../userConversations/conversationRepo";
import { users } from "../../db/schema";
import type { Scope } from "./figures";

export const EXPORT_FILE_NAME = "analytics-export.csv";

const COLUMNS = [
  "date",
  "conversationId",
  "gptSystemId",
  "agentName",
  "userName",
  "segments",
  "inputTokens",
  "outputTokens",
  "feedbackPositive",
  "feedbackNegative",
  "averageTimeToFirstTokenMs",
  "averageDurationMs",
  "title",
] as const;
type Column = (typeof COLUMNS)[number];
export type ExportRow = Record<Column, string | number | null>;

export async function exportRows(db: Pick<Db, "select">, scope: Scope): Promise<ExportRow[]> {
  const perConversation = db
    .select({
      conversationId: s.conversationId,
      segments: sql<string>`count(*)`.as("segments"),
      inputTokens: sql<string>`coalesce(sum(${s.inputTokens}), 0)`.as("input_tokens"),
      outputTokens: sql<string>`coalesce(sum(${s.outputTokens}), 0)`.as("output_tokens"),
      feedbackPositive: sql<string>`count(*) filter (where ${s.feedback} = 'Positive')`.as("feedback_positive"),
      feedbackNegative: sql<string>`count(*) filter (where ${s.feedback} = 'Negative')`.as("feedback_negative"),
      averageTimeToFirstTokenMs: sql<string | null>`avg(${s.timeToFirstTokenMs})`.as("avg_ttft"),
      averageDurationMs: sql<string | null>`avg(${s.durationMs}) filter (where ${s.status} = 'Complete')`.as(
        "avg_duration",
      ),
    })
    .from(s)
    .groupBy(s.conversationId)
    .as("per_conversation");
  const rows = await db
    .select({
      createdAt: c.createdAt,
      conversationId: c.conversationId,
      gptSystemId: c.gptSystemId,
      agentName: gptSystems.name,
      userName: users.userName,
      title: c.title,
      deletedAt: c.deletedAt,
      segments: perConversation.segments,
      inputTokens: perConversation.inputTokens,
      outputTokens: perConversation.outputTokens,
      feedbackPositive: perConversation.feedbackPositive,
      feedbackNegative: perConversation.feedbackNegative,
      averageTimeToFirstTokenMs: perConversation.averageTimeToFirstTokenMs,
      averageDurationMs: perConversation.averageDurationMs,
    })
    .from(c)
    .innerJoin(gptSystems, eq(gptSystems.gptSystemId, c.gptSystemId))
    .innerJoin(users, eq(users.userId, c.userId))
    .leftJoin(perConversation, eq(perConversation.conversationId, c.conversationId))
    .where(
      and(
        isChatConversation,
        gte(c.createdAt, scope.period.start),
        lt(c.createdAt, scope.period.end),
        scope.gptSystemId ? eq(c.gptSystemId, scope.gptSystemId) : undefined,
      ),
    )
    .orderBy(asc(c.createdAt), asc(c.conversationId));
  const rounded = (value: unknown) => (value === null || value === undefined ? null : Math.round(Number(value)));
  return rows.map((row) => ({
    date: row.createdAt.toISOString(),
    conversationId: row.conversationId,
    gptSystemId: row.gptSystemId,
    agentName: row.agentName,
    userName: row.userName,
    segments: Number(row.segments ?? 0),
    inputTokens: Number(row.inputTokens ?? 0),
    outputTokens: Number(row.outputTokens ?? 0),
    feedbackPositive: Number(row.feedbackPositive ?? 0),
    feedbackNegative: Number(row.feedbackNegative ?? 0),
    averageTimeToFirstTokenMs: rounded(row.averageTimeToFirstTokenMs),
    averageDurationMs: rounded(row.averageDurationMs),
    // A conversation its owner deleted keeps counting, but its title is no longer shown.
    title: row.deletedAt ? null : row.title,
  }));
}

/** RFC 4180: fields with a comma, quote or line break are quoted; a leading =+-@ is defused for spreadsheets. */
function csvField(value: string | number | null): string {
  if (value === null) return "";
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The CSV document; `withTitles` false (HIPAA mode) drops the title column altogether. */
export function toCsv(rows: readonly ExportRow[], withTitles: boolean): string {
  const columns = withTitles ? COLUMNS : COLUMNS.filter((column) => column !== "title");
  const lines = [columns.join(","), ...rows.map((row) => columns.map((column) => csvField(row[column])).join(","))];
  return `${lines.join("\r\n")}\r\n`;
}
