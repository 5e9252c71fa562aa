/**
 * Uploaded files (vision images, attachments), their extracted chunks with a
 * full-text index, and the durable indexing jobs (re-exported by schema.ts).
 */
import { sql } from "drizzle-orm";
import { customType, index, integer, pgTable, primaryKey, real, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./schema";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/** An image for a question; the original is re-encoded (metadata stripped) and a thumbnail kept beside it. */
export const visionImages = pgTable(
  "vision_images",
  {
    visionImageId: uuid("vision_image_id").primaryKey().defaultRandom(),
    ownerUserId: uuid("owner_user_id")
      .notNull()
      .references(() => users.userId, { onDelete: "cascade" }),
    blobFileName: text("blob_file_name").notNull(),
    blobKey: text("blob_key").notNull(),
    mimeType: text("mime_type").notNull(),
    thumbnailBlobFileName: text("thumbnail_blob_file_name").notNull(),
    thumbnailBlobKey: text("thumbnail_blob_key").notNull(),
    thumbnailMimeType: text("thumbnail_mime_type").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    byteSize: integer("byte_size").notNull(),
    /** A public chat visitor's image: the SHA-256 of the session that uploaded it (only that session may use it). */
    publicSessionHash: text("public_session_hash"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("vision_images_owner").on(t.ownerUserId)],
);

/** A file library administrators fill; agents search the libraries their configuration names. */
export const dataSources = pgTable("data_sources", {
  dataSourceId: uuid("data_source_id").primaryKey().defaultRandom(),
  name: text("name").notNull(),
  description: text("description").notNull().default(""),
  createdByUserId: uuid("created_by_user_id"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A file attached to a conversation or an agent (FileSearch files are indexed, CodeInterpreter
 * files only kept), or a file of a data source (context DataSource, dataSourceId set).
 */
export const attachments = pgTable(
  "attachments",
  {
    attachmentId: uuid("attachment_id").primaryKey().defaultRandom(),
    ownerUserId: uuid("owner_user_id")
      .notNull()
      .references(() => users.userId, { onDelete: "cascade" }),
    /** The sanitised display name; never used as a path. */
    originalFileName: text("original_file_name").notNull(),
    /** FileSearch | CodeInterpreter */
    type: text("type").notNull(),
    /** GptSystem | Conversation | DataSource */
    context: text("context").notNull(),
    dataSourceId: uuid("data_source_id").references(() => dataSources.dataSourceId, { onDelete: "cascade" }),
    /** Sniffed from the bytes, never taken from the client. */
    mimeType: text("mime_type").notNull(),
    byteSize: integer("byte_size").notNull(),
    sha256: text("sha256").notNull(),
    blobKey: text("blob_key").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("attachments_owner").on(t.ownerUserId), index("attachments_data_source").on(t.dataSourceId)],
);

/** A passage of an attachment: ~800 characters with overlap, with the page and heading it came from. */
export const fileChunks = pgTable(
  "file_chunks",
  {
    chunkId: uuid("chunk_id").primaryKey().defaultRandom(),
    attachmentId: uuid("attachment_id")
      .notNull()
      .references(() => attachments.attachmentId, { onDelete: "cascade" }),
    ordinal: integer("ordinal").notNull(),
    page: integer("page"),
    heading: text("heading"),
    content: text("content").notNull(),
    /**
     * The heading's and content's Chinese, Japanese and Korean words as overlapping character
     * bigrams (retrieval/cjkTerms.ts), which the parser cannot split itself; null without any.
     */
    cjkTerms: text("cjk_terms"),
    // Headings weigh more than body text; 'english' stems (cost ~ costs) and drops stop words.
    searchVector: tsvector("search_vector").generatedAlwaysAs(
      sql`setweight(to_tsvector('english', coalesce(heading, '')), 'A') || setweight(to_tsvector('english', content), 'B') || setweight(to_tsvector('english', coalesce(cjk_terms, '')), 'B')`,
    ),
    /**
     * The passage's embedding (when an embedding deployment is configured), by the model its
     * job's embeddingModel names. A plain real[]: a pgvector `vector` column would make the
     * migration fail on a PostgreSQL without the extension; searches cast it when it is there.
     */
    embedding: real("embedding").array(),
  },
  (t) => [
    index("file_chunks_attachment").on(t.attachmentId, t.ordinal),
    index("file_chunks_search").using("gin", t.searchVector),
  ],
);

/** Durable background work (indexing an attachment): picked with FOR UPDATE SKIP LOCKED, retried with backoff. */
export const indexingJobs = pgTable(
  "indexing_jobs",
  {
    jobId: uuid("job_id").primaryKey().defaultRandom(),
    attachmentId: uuid("attachment_id")
      .notNull()
      .unique()
      .references(() => attachments.attachmentId, { onDelete: "cascade" }),
    /** Queued | Processing | Online | Error */
    status: text("status").notNull().default("Queued"),
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull().default(5),
    runAfter: timestamp("run_after", { withTimezone: true }).notNull().defaultNow(),
    /** A Processing job whose lease ran out belongs to a worker that died: it is picked again. */
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    lastError: text("last_error"),
    chunkCount: integer("chunk_count"),
    pageCount: integer("page_count"),
    /** The indexer version that built this file's indexes; older than the current one = OutOfDate. */
    indexVersion: integer("index_version").notNull().default(0),
    /** The graph index's own outcome (Online | Error) once the job has run; its failure leaves text search working. */
    graphStatus: text("graph_status"),
    graphError: text("graph_error"),
    entityCount: integer("entity_count"),
    /** The embedding model (deployment id and name) the passages' vectors come from; null: none. */
    embeddingModel: text("embedding_model"),
    /** The vector index's own outcome (Online | Error), null when no embedding deployment was set; text search works either way. */
    embeddingStatus: text("embedding_status"),
    embeddingError: text("embedding_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("indexing_jobs_due").on(t.status, t.runAfter)],
);

/**
 * Per file, how many of its passages contain each lexeme: a question's document
 * frequencies over any set of files are a sum over this table instead of a scan
 * of every passage.
 */
export const fileTermStats = pgTable(
  "file_term_stats",
  {
    attachmentId: uuid("attachment_id")
      .notNull()
      .references(() => attachments.attachmentId, { onDelete: "cascade" }),
    lexeme: text("lexeme").notNull(),
    chunkCount: integer("chunk_count").notNull(),
  },
  (t) => [primaryKey({ columns: [t.attachmentId, t.lexeme] })],
);

/** Graph index: the entities (names, identifiers) a file's passages mention, with how many passages mention each. */
export const fileEntities = pgTable(
  "file_entities",
  {
    attachmentId: uuid("attachment_id")
      .notNull()
      .references(() => attachments.attachmentId, { onDelete: "cascade" }),
    /** Lower-cased, single-spaced: what questions are matched against. */
    entityKey: text("entity_key").notNull(),
    /** As first written in the file. */
    name: text("name").notNull(),
    chunkCount: integer("chunk_count").notNull(),
  },
  (t) => [primaryKey({ columns: [t.attachmentId, t.entityKey] })],
);

/** Graph index: how many passages of a file mention both entities (stored in both directions). */
export const entityCooccurrences = pgTable(
  "entity_cooccurrences",
  {
    attachmentId: uuid("attachment_id")
      .notNull()
      .references(() => attachments.attachmentId, { onDelete: "cascade" }),
    entityKey: text("entity_key").notNull(),
    relatedKey: text("related_key").notNull(),
    chunkCount: integer("chunk_count").notNull(),
  },
  (t) => [primaryKey({ columns: [t.attachmentId, t.entityKey, t.relatedKey] })],
);

/**
 * Blobs whose owning row (attachment, vision image) was deleted, queued by
 * database triggers in the same transaction; the sweeper removes them after a grace period.
 */
export const orphanedBlobs = pgTable(
  "orphaned_blobs",
  {
    blobKey: text("blob_key").primaryKey(),
    orphanedAt: timestamp("orphaned_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("orphaned_blobs_due").on(t.orphanedAt)],
);
