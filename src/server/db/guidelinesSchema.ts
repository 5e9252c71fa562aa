/**
 * Guidelines documents and templates (sections kept in order as JSON), and each
 * user's consent, recorded once per document (spec §5).
 */
import { boolean, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./schema";

export interface GuidelinesSectionValue {
  title: string;
  body: string;
  order: number;
}

/** A document users may be asked to consent to, or (isTemplate) a template new documents start from. */
export const guidelinesDocuments = pgTable(
  "guidelines_documents",
  {
    guidelinesDocumentId: uuid("guidelines_document_id").primaryKey().defaultRandom(),
    isTemplate: boolean("is_template").notNull().default(false),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    sections: jsonb("sections").$type<GuidelinesSectionValue[]>().notNull().default([]),
    isActive: boolean("is_active").notNull().default(true),
    requiresConsent: boolean("requires_consent").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("guidelines_documents_template").on(t.isTemplate)],
);

export const guidelinesConsents = pgTable(
  "guidelines_consents",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.userId, { onDelete: "cascade" }),
    guidelinesDocumentId: uuid("guidelines_document_id")
      .notNull()
      .references(() => guidelinesDocuments.guidelinesDocumentId, { onDelete: "cascade" }),
    consentedAt: timestamp("consented_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.guidelinesDocumentId] })],
);
