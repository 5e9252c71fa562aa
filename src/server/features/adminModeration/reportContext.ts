/**
 * What a moderation report keeps of the reported conversation: its last 10
 * messages (spec §9). Normally a snapshot of their text; in HIPAA mode no
 * question or answer text is copied, only references to the segments, read
 * when a moderator opens the report. The report goes with its conversation
 * (retention deletes both), so a reference never outlives the text it names.
 */
import { eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { conversationSegments, conversations } from "../../db/chatSchema";
import {
  moderationReports,
  type ReportContextEntry,
  type ReportContextMessage,
  type ReportContextReference,
} from "../../db/moderationSchema";
import { readHipaaSettings } from "../../hipaa/hipaaSettings";
import { segmentsOf } from "../userConversations/conversationRepo";
import { pathTo } from "../userConversations/segmentTree";

/** Spec §9: the message context shows the last 10 messages. */
export const CONTEXT_MESSAGES = 10;

type Queryable = Pick<Db, "select">;
interface PathSegment {
  conversationSegmentId: string;
  question: string;
  answer: string;
}

/** The last messages of the path, as text or (HIPAA mode) as references. */
export function contextEntries(path: readonly PathSegment[], byReference: boolean): ReportContextEntry[] {
  return path
    .flatMap((s): ReportContextEntry[] =>
      byReference
        ? [
            { role: "user", conversationSegmentId: s.conversationSegmentId },
            { role: "agent", conversationSegmentId: s.conversationSegmentId },
          ]
        : [
            { role: "user", text: s.question },
            { role: "agent", text: s.answer },
          ],
    )
    .slice(-CONTEXT_MESSAGES);
}

/** What a report filed now keeps, under the current HIPAA setting. */
export async function contextToKeep(db: Queryable, path: readonly PathSegment[]): Promise<ReportContextEntry[]> {
  return contextEntries(path, (await readHipaaSettings(db)).enabled);
}

const isReference = (entry: ReportContextEntry): entry is ReportContextReference => "conversationSegmentId" in entry;

/** The messages as a moderator reads them: references resolved to the segments' current text. */
export async function contextMessages(db: Queryable, entries: ReportContextEntry[]): Promise<ReportContextMessage[]> {
  const ids = [...new Set(entries.filter(isReference).map((e) => e.conversationSegmentId))];
  const segments = new Map(
    ids.length === 0
      ? []
      : (
          await db
            .select({
              id: conversationSegments.conversationSegmentId,
              question: conversationSegments.question,
              answer: conversationSegments.answer,
            })
            .from(conversationSegments)
            .where(inArray(conversationSegments.conversationSegmentId, ids))
        ).map((s) => [s.id, s]),
  );
  return entries.flatMap((entry): ReportContextMessage[] => {
    if (!isReference(entry)) return [entry];
    const segment = segments.get(entry.conversationSegmentId);
    if (!segment) return [];
    return [{ role: entry.role, text: entry.role === "user" ? segment.question : segment.answer }];
  });
}

/**
 * HIPAA mode turned on: reports filed before keep no text either. Their
 * snapshots become references to the conversation's current path (the
 * nearest the data allows to what was reported).
 */
export async function replaceReportSnapshots(db: Db): Promise<number> {
  const withText = await db
    .select({
      moderationReportId: moderationReports.moderationReportId,
      conversationId: moderationReports.conversationId,
      selectedLeafSegmentId: conversations.selectedLeafSegmentId,
    })
    .from(moderationReports)
    .innerJoin(conversations, eq(conversations.conversationId, moderationReports.conversationId))
    .where(sql`jsonb_path_exists(${moderationReports.context}, '$[*].text')`);
  for (const report of withText) {
    const path = pathTo(await segmentsOf(db, report.conversationId), report.selectedLeafSegmentId);
    await db
      .update(moderationReports)
      .set({ context: contextEntries(path, true) })
      .where(eq(moderationReports.moderationReportId, report.moderationReportId));
  }
  return withText.length;
}
