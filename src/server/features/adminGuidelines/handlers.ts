/** Handlers of the adminGuidelines tag: guidelines documents and templates, every write audited. */
import { eq } from "drizzle-orm";
import type { Tx } from "../../admin/audit";
import { assertValid } from "../../admin/context";
import { guidelinesDocuments } from "../../db/guidelinesSchema";
import type { FieldErrors } from "../../http/problem";
import type { Handlers } from "../../http/types";
import { auditedCrud, type CheckedNames } from "../adminCrud/auditedCrud";
import {
  documentListSpec,
  documentRecord,
  listGuidelines,
  loadGuidelines,
  orderedSections,
  templateListSpec,
  templateRecord,
  type AdminGuidelinesDocument,
  type AdminGuidelinesTemplate,
  type GuidelinesSection,
} from "./guidelinesRecords";

type Body = { name: string; description?: string; sections?: GuidelinesSection[] };

/** The trimmed name and sections; blank ones are field errors (sections.<i>.title). */
function checked(body: Body, errors: FieldErrors = {}) {
  const name = body.name.trim();
  if (!name) errors.name = ["is required"];
  body.sections?.forEach((section, index) => {
    if (!section.title.trim()) errors[`sections.${index}.title`] = ["is required"];
  });
  assertValid(errors);
  return { name, sections: body.sections ? orderedSections(body.sections) : undefined };
}

/** A new document starts from its template's description and sections unless the body gives its own. */
async function fromTemplate(tx: Tx, body: AdminGuidelinesDocument) {
  if (!body.guidelinesTemplateId) return { description: "", sections: [] };
  const [template] = await tx
    .select()
    .from(guidelinesDocuments)
    .where(eq(guidelinesDocuments.guidelinesDocumentId, body.guidelinesTemplateId));
  if (!template?.isTemplate) assertValid({ guidelinesTemplateId: ["names a template that does not exist"] });
  return { description: template!.description, sections: template!.sections };
}

type Defaults = Omit<typeof guidelinesDocuments.$inferInsert, "name">;

/**
 * Documents and templates share one table and one set of handlers; `initial` gives a new
 * one's defaults (a template's text, flags) under the name and sections the body brings.
 */
function guidelinesCrud<
  R extends object,
  B extends Body & Partial<AdminGuidelinesDocument>,
  One extends string,
  Many extends string,
>(
  names: CheckedNames<One, Many>,
  isTemplate: boolean,
  record: (row: typeof guidelinesDocuments.$inferSelect) => R,
  initial: (tx: Tx, body: B) => Promise<Defaults>,
) {
  return auditedCrud<R, B, One, Many>(names, {
    entityType: isTemplate ? "GuidelinesTemplate" : "GuidelinesDocument",
    listSpec: isTemplate ? templateListSpec : documentListSpec,
    async list(db, list) {
      const { total, rows } = await listGuidelines(db, list, isTemplate);
      return { total, rows: rows.map(record) };
    },
    load: async (db, id) => record(await loadGuidelines(db, id, isTemplate)),

    async insert(tx, body) {
      const { name, sections } = checked(body);
      const defaults = await initial(tx, body);
      const [row] = await tx
        .insert(guidelinesDocuments)
        .values({ ...defaults, name, sections: sections ?? defaults.sections })
        .returning();
      return row!.guidelinesDocumentId;
    },

    async change(tx, id, body) {
      const current = await loadGuidelines(tx, id, isTemplate);
      const { name, sections } = checked(body);
      await tx
        .update(guidelinesDocuments)
        .set({
          name,
          description: body.description ?? current.description,
          sections: sections ?? current.sections,
          ...(isTemplate
            ? {}
            : {
                isActive: body.isActive ?? current.isActive,
                requiresConsent: body.requiresConsent ?? current.requiresConsent,
              }),
          updatedAt: new Date(),
        })
        .where(eq(guidelinesDocuments.guidelinesDocumentId, id));
    },

    async remove(tx, id) {
      await tx.delete(guidelinesDocuments).where(eq(guidelinesDocuments.guidelinesDocumentId, id));
    },
  });
}

const documents = guidelinesCrud(
  { one: "AdminGuidelinesDocument", many: "AdminGuidelinesDocuments" },
  false,
  documentRecord,
  async (tx, body: AdminGuidelinesDocument) => {
    const start = await fromTemplate(tx, body);
    return {
      description: body.description ?? start.description,
      sections: start.sections,
      isActive: body.isActive ?? true,
      requiresConsent: body.requiresConsent ?? false,
    };
  },
);

const templates = guidelinesCrud(
  { one: "AdminGuidelinesTemplate", many: "AdminGuidelinesTemplates" },
  true,
  templateRecord,
  async (_tx, body: AdminGuidelinesTemplate) => ({
    isTemplate: true,
    description: body.description ?? "",
    sections: [],
  }),
);

export const adminGuidelinesHandlers: Handlers = { ...documents, ...templates };
