/**
 * Moderation of personal agents (re-exported by schema.ts, the one schema
 * drizzle-kit reads): reports users file about an agent, and the moderator's
 * decision, kept on the report it resolved.
 */
import { boolean, index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { conversations, gptSystems } from "./chatSchema";
import { users } from "./schema";

/** One message of the reported conversation, as it read when the report was filed. */
export interface ReportContextMessage {
  role: "user" | "agent";
  text: string;
}

/** In HIPAA mode a report copies no text: it names the segment whose question (user) or answer (agent) it means. */
export interface ReportContextReference {
  role: "user" | "agent";
  conversationSegmentId: string;
}

export type ReportContextEntry = ReportContextMessage | ReportContextReference;

export const moderationReports = pgTable(
  "moderation_reports",
  {
    moderationReportId: uuid("moderation_report_id").primaryKey().defaultRandom(),
    /** Open | Resolved */
    reportStatus: text("report_status").notNull().default("Open"),
    reportReason: text("report_reason").notNull(),
    details: text("details").notNull().default(""),
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => conversations.conversationId, { onDelete: "cascade" }),
    gptSystemId: uuid("gpt_system_id")
      .notNull()
      .references(() => gptSystems.gptSystemId, { onDelete: "cascade" }),
    submittedByUserId: uuid("submitted_by_user_id").references(() => users.userId, { onDelete: "set null" }),
    submittedAt: timestamp("submitted_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * A snapshot: later edits or branches of the conversation do not change what was reported. In
     * HIPAA mode, references to the segments instead (adminModeration/reportContext.ts).
     */
    context: jsonb("context").$type<ReportContextEntry[]>().notNull().default([]),
    /** TakeNoAction | BanAgent, set with the decision. */
    agentModerationAction: text("agent_moderation_action"),
    /** TakeNoAction | BlockAgentCreation | BlockAgentSharing */
    userModerationAction: text("user_moderation_action"),
    moderationNotes: text("moderation_notes"),
    isBulkResolution: boolean("is_bulk_resolution"),
    moderatorUserId: uuid("moderator_user_id").references(() => users.userId, { onDelete: "set null" }),
    moderatorDisplayName: text("moderator_display_name"),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
  },
  (t) => [
    index("moderation_reports_status_submitted").on(t.reportStatus, t.submittedAt),
    index("moderation_reports_agent").on(t.gptSystemId),
  ],
);
