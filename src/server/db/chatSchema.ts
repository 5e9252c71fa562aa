/**
 * Tables for agents, model connections and conversations (re-exported by schema.ts,
 * which remains the one schema drizzle-kit reads).
 */
import { sql } from "drizzle-orm";
import { boolean, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./schema";
import type { TraceLogEntry } from "../features/userConversations/traceLog";

/** An endpoint with credentials at a model provider; the key is encrypted at rest (AES-256-GCM). */
export const connections = pgTable("connections", {
  connectionId: uuid("connection_id").primaryKey().defaultRandom(),
  name: text("name").notNull(),
  /** openai | azureOpenAI | openaiCompatible | anthropic */
  providerType: text("provider_type").notNull(),
  baseUrl: text("base_url").notNull().default(""),
  apiVersion: text("api_version").notNull().default(""),
  encryptedApiKey: text("encrypted_api_key"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A model on a connection (an Azure deployment, an OpenAI or Anthropic model name). */
export const deployments = pgTable(
  "deployments",
  {
    deploymentId: uuid("deployment_id").primaryKey().defaultRandom(),
    connectionId: uuid("connection_id")
      .notNull()
      .references(() => connections.connectionId, { onDelete: "cascade" }),
    deploymentName: text("deployment_name").notNull(),
    displayName: text("display_name").notNull(),
    supportsVision: boolean("supports_vision").notNull().default(false),
  },
  (t) => [uniqueIndex("deployments_connection_name").on(t.connectionId, t.deploymentName)],
);

export const gptSystems = pgTable(
  "gpt_systems",
  {
    gptSystemId: uuid("gpt_system_id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    /** System (made by administrators) or User (a personal agent). */
    gptSystemType: text("gpt_system_type").notNull(),
    /** Active | Inactive | Deleted | Draft */
    status: text("status").notNull().default("Draft"),
    /** null or Banned */
    moderationStatus: text("moderation_status"),
    ownerUserId: uuid("owner_user_id").references(() => users.userId, { onDelete: "cascade" }),
    isPublic: boolean("is_public").notNull().default(false),
    publicChatEndpoint: text("public_chat_endpoint"),
    publishedConfigStateId: uuid("published_config_state_id"),
    /** A personal agent its owner shares by link (see sharedGptSystems); false for System agents. */
    isShared: boolean("is_shared").notNull().default(false),
    avatarMimeType: text("avatar_mime_type"),
    avatarBase64: text("avatar_base64"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("gpt_systems_public_endpoint").on(t.publicChatEndpoint), index("gpt_systems_owner").on(t.ownerUserId)],
);

/** A versioned configuration of an agent: the published one serves users, a draft is edited and tested. */
export const configStates = pgTable(
  "config_states",
  {
    configStateId: uuid("config_state_id").primaryKey().defaultRandom(),
    gptSystemId: uuid("gpt_system_id")
      .notNull()
      .references(() => gptSystems.gptSystemId, { onDelete: "cascade" }),
    /** User for personal agents, System otherwise. */
    configStateType: text("config_state_type").notNull(),
    version: integer("version").notNull(),
    systemPrompt: text("system_prompt").notNull().default(""),
    introduction: text("introduction").notNull().default(""),
    temperature: doublePrecision("temperature"),
    topP: doublePrecision("top_p"),
    frequencyPenalty: doublePrecision("frequency_penalty"),
    maxTokens: integer("max_tokens"),
    /** A connection id, or `local` for the built-in engine. */
    languageEngine: text("language_engine").notNull().default("local"),
    deploymentName: text("deployment_name").notNull().default("local"),
    capabilityTypes: jsonb("capability_types").$type<string[]>().notNull().default([]),
    restrictAnswerToInformationReturnedByTools: boolean("restrict_answer_to_information_returned_by_tools").notNull().default(false),
    dataSources: jsonb("data_sources").$type<string[]>().notNull().default([]),
    createdByUserId: uuid("created_by_user_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("config_states_gpt_system").on(t.gptSystemId)],
);

/**
 * Shared personal agents a user opened through their share link
 * (POST CurrentUser/gptSystemSharedWithMe/{gptSystemId}): the Personal/SharedWithMe directory.
 */
export const sharedGptSystems = pgTable(
  "shared_gpt_systems",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.userId, { onDelete: "cascade" }),
    gptSystemId: uuid("gpt_system_id")
      .notNull()
      .references(() => gptSystems.gptSystemId, { onDelete: "cascade" }),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.gptSystemId] }), index("shared_gpt_systems_agent").on(t.gptSystemId)],
);

/** Prompts an agent offers users as conversation starters. */
export const gptSystemPrompts = pgTable("gpt_system_prompts", {
  promptId: uuid("prompt_id").primaryKey().defaultRandom(),
  gptSystemId: uuid("gpt_system_id")
    .notNull()
    .references(() => gptSystems.gptSystemId, { onDelete: "cascade" }),
  title: text("title").notNull(),
  prompt: text("prompt").notNull(),
  position: integer("position").notNull().default(0),
});

export const pinnedGptSystems = pgTable(
  "pinned_gpt_systems",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.userId, { onDelete: "cascade" }),
    gptSystemId: uuid("gpt_system_id")
      .notNull()
      .references(() => gptSystems.gptSystemId, { onDelete: "cascade" }),
    pinnedAt: timestamp("pinned_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.gptSystemId] })],
);

export const userPrompts = pgTable(
  "user_prompts",
  {
    promptId: uuid("prompt_id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.userId, { onDelete: "cascade" }),
    title: text("title").notNull(),
    prompt: text("prompt").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("user_prompts_user").on(t.userId)],
);

export const conversations = pgTable(
  "conversations",
  {
    conversationId: uuid("conversation_id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.userId, { onDelete: "cascade" }),
    gptSystemId: uuid("gpt_system_id")
      .notNull()
      .references(() => gptSystems.gptSystemId),
    title: text("title").notNull(),
    selectedLeafSegmentId: uuid("selected_leaf_segment_id"),
    moderationStatus: text("moderation_status"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    /**
     * Set on a test conversation against a draft configuration (configStateConversations):
     * answered with that configuration, and kept out of the chat history, recent agents and analytics.
     */
    draftConfigStateId: uuid("draft_config_state_id").references(() => configStates.configStateId, { onDelete: "cascade" }),
    /**
     * Set on a visitor's conversation in the public chat (publicConversations): the SHA-256 of the visitor's
     * session identifier, which alone may read it. Such conversations belong to the public chat's visitor account.
     */
    publicSessionHash: text("public_session_hash"),
  },
  (t) => [
    index("conversations_user_recent").on(t.userId, t.updatedAt, t.conversationId),
    index("conversations_public_session").on(t.publicSessionHash, t.updatedAt),
    index("conversations_title_search").on(t.userId, sql`lower(${t.title})`),
  ],
);

/** One question and its answer; segments form a tree through parentSegmentId. */
export const conversationSegments = pgTable(
  "conversation_segments",
  {
    conversationSegmentId: uuid("conversation_segment_id").primaryKey().defaultRandom(),
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => conversations.conversationId, { onDelete: "cascade" }),
    parentSegmentId: uuid("parent_segment_id"),
    question: text("question").notNull(),
    answer: text("answer").notNull().default(""),
    /** Pending | Streaming | Complete | Aborted | Failed */
    status: text("status").notNull(),
    errorText: text("error_text"),
    answeredWithGptSystemId: uuid("answered_with_gpt_system_id"),
    configStateId: uuid("config_state_id"),
    languageEngine: text("language_engine"),
    deploymentName: text("deployment_name"),
    visionImageIds: jsonb("vision_image_ids").$type<string[]>().notNull().default([]),
    attachmentIds: jsonb("attachment_ids").$type<string[]>().notNull().default([]),
    citations: jsonb("citations").$type<unknown[]>().notNull().default([]),
    steps: jsonb("steps").$type<string[]>().notNull().default([]),
    inputTokens: integer("input_tokens"),
    outputTokens: integer("output_tokens"),
    timeToFirstTokenMs: integer("time_to_first_token_ms"),
    durationMs: integer("duration_ms"),
    /** What the server did while answering (spec §7 trace logs), stored with the final write. */
    traceLog: jsonb("trace_log").$type<TraceLogEntry[]>().notNull().default([]),
    /** Positive | Negative | null */
    feedback: text("feedback"),
    feedbackComment: text("feedback_comment"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    /**
     * When the server process writing the answer last said it is still at it (its saves, and a
     * heartbeat while it waits for the model): an answer still Pending or Streaming that nobody
     * has kept alive for a while was lost with its process (liveAnswerSweeper.ts).
     */
    aliveAt: timestamp("alive_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("segments_conversation").on(t.conversationId, t.createdAt), index("segments_parent").on(t.parentSegmentId)],
);
