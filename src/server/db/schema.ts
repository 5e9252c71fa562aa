/**
 * The database schema: the source of truth for migrations (`npm run db:generate`
 * writes src/server/db/migrations/). Identical on PGlite and PostgreSQL.
 */
import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

export const users = pgTable(
  "users",
  {
    userId: uuid("user_id").primaryKey().defaultRandom(),
    userName: text("user_name").notNull(),
    displayName: text("display_name").notNull(),
    email: text("email"),
    /** scrypt hash (`scrypt$N$r$p$salt$hash`); null for users who only sign in through an identity provider. */
    passwordHash: text("password_hash"),
    failedSignInCount: integer("failed_sign_in_count").notNull().default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    isBannedFromCreatingAgents: boolean("is_banned_from_creating_agents").notNull().default(false),
    isBannedFromSharingAgents: boolean("is_banned_from_sharing_agents").notNull().default(false),
    isDisabled: boolean("is_disabled").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }),
    /**
     * Product tokens issued before this instant are refused, but keptTokenId: set when an
     * administrator gives the user a new password (the sessions of whoever knew the old one end).
     */
    tokensValidAfter: timestamp("tokens_valid_after", { withTimezone: true }),
    /** The one older token still valid (its jti): the session an administrator set their own new password from. */
    keptTokenId: text("kept_token_id"),
  },
  (t) => [uniqueIndex("users_user_name_lower").on(sql`lower(${t.userName})`)],
);

/** A user's account at an identity provider (local, entraId): provider + subject is unique. */
export const identities = pgTable(
  "identities",
  {
    identityId: uuid("identity_id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.userId, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    subject: text("subject").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("identities_provider_subject").on(t.provider, t.subject), index("identities_user").on(t.userId)],
);

export const userRoles = pgTable(
  "user_roles",
  {
    userRoleId: uuid("user_role_id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    /** Resolved actions (the contract's Action enum). */
    actions: jsonb("actions").$type<string[]>().notNull().default([]),
    /** Built-in roles (admin, user) cannot be deleted; admin keeps every action. */
    isBuiltIn: boolean("is_built_in").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("user_roles_name_lower").on(sql`lower(${t.name})`)],
);

export const userRoleAssignments = pgTable(
  "user_role_assignments",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.userId, { onDelete: "cascade" }),
    userRoleId: uuid("user_role_id")
      .notNull()
      .references(() => userRoles.userRoleId, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.userRoleId] })],
);

/** Instance settings as named JSON documents (public, entraIdSettings, apiKeys, hipaa, budget, ...). */
export const instanceSettings = pgTable("instance_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const featureFlags = pgTable("feature_flags", {
  name: text("name").primaryKey(),
  enabled: boolean("enabled").notNull(),
});

export const brands = pgTable("brands", {
  brandKey: text("brand_key").primaryKey(),
  name: text("name").notNull(),
  isDefault: boolean("is_default").notNull().default(false),
  /** Theme colours, login background and alignment, image file names (the contract's Brand minus its key). */
  settings: jsonb("settings").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Brand images; small, so kept in the database rather than the blob store. */
export const brandFiles = pgTable(
  "brand_files",
  {
    brandKey: text("brand_key")
      .notNull()
      .references(() => brands.brandKey, { onDelete: "cascade", onUpdate: "cascade" }),
    fileName: text("file_name").notNull(),
    mimeType: text("mime_type").notNull(),
    content: text("content_base64").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.brandKey, t.fileName] })],
);

/** Configuration audit log: who changed which entity when, with a redacted before/after diff. */
export const auditLog = pgTable(
  "audit_log",
  {
    auditLogId: uuid("audit_log_id").primaryKey().defaultRandom(),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull().defaultNow(),
    actorUserId: uuid("actor_user_id"),
    actorDisplayName: text("actor_display_name").notNull(),
    entityType: text("entity_type").notNull(),
    entityId: text("entity_id").notNull(),
    operation: text("operation").notNull(),
    before: jsonb("before"),
    after: jsonb("after"),
    requestId: text("request_id"),
  },
  (t) => [index("audit_log_occurred_at").on(t.occurredAt), index("audit_log_entity").on(t.entityType, t.entityId)],
);
export * from "./chatSchema";
export * from "./filesSchema";
export * from "./codeInterpreterSchema";
export * from "./adminSchema";
export * from "./moderationSchema";
export * from "./analyticsSchema";
export * from "./guidelinesSchema";
