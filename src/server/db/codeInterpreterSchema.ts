/**
 * The code interpreter's records (re-exported by schema.ts): each Python run of
 * an answer, and the files those runs wrote, kept in the blob store.
 */
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { conversationSegments, conversations } from "./chatSchema";
import { users } from "./schema";

/** One run_python call made while answering a segment, in call order. */
export const codeInterpreterRuns = pgTable(
  "code_interpreter_runs",
  {
    runId: uuid("run_id").primaryKey().defaultRandom(),
    conversationSegmentId: uuid("conversation_segment_id")
      .notNull()
      .references(() => conversationSegments.conversationSegmentId, { onDelete: "cascade" }),
    ordinal: integer("ordinal").notNull(),
    code: text("code").notNull(),
    /** stdout and stderr as printed, capped. */
    output: text("output").notNull().default(""),
    /** ok | error | timeout | memory | crashed | aborted */
    outcome: text("outcome").notNull(),
    error: text("error"),
    durationMs: integer("duration_ms").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("code_interpreter_runs_segment_ordinal").on(t.conversationSegmentId, t.ordinal)],
);

/** A file a run wrote; downloadable by its owner only (segments/{id}/openAIFiles/{fileId}). */
export const generatedFiles = pgTable(
  "generated_files",
  {
    fileId: uuid("file_id").primaryKey().defaultRandom(),
    ownerUserId: uuid("owner_user_id")
      .notNull()
      .references(() => users.userId, { onDelete: "cascade" }),
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => conversations.conversationId, { onDelete: "cascade" }),
    conversationSegmentId: uuid("conversation_segment_id")
      .notNull()
      .references(() => conversationSegments.conversationSegmentId, { onDelete: "cascade" }),
    runId: uuid("run_id").references(() => codeInterpreterRuns.runId, { onDelete: "set null" }),
    /** The path the program wrote, relative to /mnt/data, made safe for display. */
    fileName: text("file_name").notNull(),
    /** Sniffed from the bytes. */
    mimeType: text("mime_type").notNull(),
    byteSize: integer("byte_size").notNull(),
    blobKey: text("blob_key").notNull(),
    /** For raster images only: the unguessable part of the /generatedImages URL (256 random bits). */
    imageKey: text("image_key"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("generated_files_segment").on(t.conversationSegmentId), uniqueIndex("generated_files_image_key").on(t.imageKey)],
);
