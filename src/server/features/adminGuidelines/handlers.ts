/** Handlers of the adminGuidelines tag: guidelines documents and templates, every write audited. */
import { eq } from "drizzle-orm";
import { auditedChange, type Tx } from "../../admin/audit";
import { assertValid } from "../../admin/context";
import { parseListQuery, sendPage } from "../../admin/listQuery";
import { guidelinesDocuments } from "../../db/guidelinesSchema";
import type { FieldErrors } from "../../http/problem";
import type { HandlerContext, Handlers } from "../../http/types";
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

type DocumentParams = { guidelinesDocumentId: string };
type TemplateParams = { guidelinesTemplateId: string };
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

function entityOf(isTemplate: boolean) {
  return isTemplate ? "GuidelinesTemplate" : "GuidelinesDocument";
}
const recordOf = (isTemplate: boolean) => (isTemplate ? templateRecord : documentRecord);

/**
 * Inserts a document or template from the request body (name and sections checked) over the
 * defaults `initial` gives (a template's text, flags), audited in the same transaction.
 */
async function create(
  ctx: HandlerContext,
  body: Body,
  isTemplate: boolean,
  initial: (tx: Tx) => Promise<Omit<typeof guidelinesDocuments.$inferInsert, "name">>,
) {
  return auditedChange(ctx, async (tx, audit) => {
    const { name, sections } = checked(body);
    const defaults = await initial(tx);
    const [row] = await tx
      .insert(guidelinesDocuments)
      .values({ ...defaults, name, sections: sections ?? defaults.sections })
      .returning();
    const after = recordOf(isTemplate)(row!);
    await audit({ entityType: entityOf(isTemplate), entityId: row!.guidelinesDocumentId, operation: "Create", after });
    return after;
  });
}

async function update(
  ctx: HandlerContext,
  id: string,
  body: Body & Partial<AdminGuidelinesDocument>,
  isTemplate: boolean,
) {
  return auditedChange(ctx, async (tx, audit) => {
    const current = await loadGuidelines(tx, id, isTemplate);
    const { name, sections } = checked(body);
    const [row] = await tx
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
      .where(eq(guidelinesDocuments.guidelinesDocumentId, id))
      .returning();
    const [before, after] = [recordOf(isTemplate)(current), recordOf(isTemplate)(row!)];
    await audit({ entityType: entityOf(isTemplate), entityId: id, operation: "Update", before, after });
    return after;
  });
}

async function remove(ctx: HandlerContext, id: string, isTemplate: boolean) {
  return auditedChange(ctx, async (tx, audit) => {
    const before = recordOf(isTemplate)(await loadGuidelines(tx, id, isTemplate));
    await tx.delete(guidelinesDocuments).where(eq(guidelinesDocuments.guidelinesDocumentId, id));
    await audit({ entityType: entityOf(isTemplate), entityId: id, operation: "Delete", before });
    return before;
  });
}

export const adminGuidelinesHandlers: Handlers = {
  async listAdminGuidelinesDocuments(request, reply, ctx) {
    const list = parseListQuery(request.query, documentListSpec);
    const { total, rows } = await listGuidelines(ctx.deps.database.db, list, false);
    return sendPage(reply, "guidelinesDocuments", list, total, rows.map(documentRecord));
  },

  async getAdminGuidelinesDocument(request, _reply, ctx) {
    const { guidelinesDocumentId } = request.params as DocumentParams;
    return documentRecord(await loadGuidelines(ctx.deps.database.db, guidelinesDocumentId, false));
  },

  async createAdminGuidelinesDocument(request, reply, ctx) {
    const body = request.body as AdminGuidelinesDocument;
    const created = await create(ctx, body, false, async (tx) => {
      const start = await fromTemplate(tx, body);
      return {
        description: body.description ?? start.description,
        sections: start.sections,
        isActive: body.isActive ?? true,
        requiresConsent: body.requiresConsent ?? false,
      };
    });
    reply.code(201);
    return created;
  },

  async updateAdminGuidelinesDocument(request, _reply, ctx) {
    const { guidelinesDocumentId } = request.params as DocumentParams;
    return update(ctx, guidelinesDocumentId, request.body as AdminGuidelinesDocument, false);
  },

  async deleteAdminGuidelinesDocument(request, _reply, ctx) {
    return remove(ctx, (request.params as DocumentParams).guidelinesDocumentId, false);
  },

  async listAdminGuidelinesTemplates(request, reply, ctx) {
    const list = parseListQuery(request.query, templateListSpec);
    const { total, rows } = await listGuidelines(ctx.deps.database.db, list, true);
    return sendPage(reply, "guidelinesTemplates", list, total, rows.map(templateRecord));
  },

  async getAdminGuidelinesTemplate(request, _reply, ctx) {
    const { guidelinesTemplateId } = request.params as TemplateParams;
    return templateRecord(await loadGuidelines(ctx.deps.database.db, guidelinesTemplateId, true));
  },

  async createAdminGuidelinesTemplate(request, reply, ctx) {
    const body = request.body as AdminGuidelinesTemplate;
    const created = await create(ctx, body, true, async () => ({
      isTemplate: true,
      description: body.description ?? "",
      sections: [],
    }));
    reply.code(201);
    return created;
  },

  async updateAdminGuidelinesTemplate(request, _reply, ctx) {
    const { guidelinesTemplateId } = request.params as TemplateParams;
    return update(ctx, guidelinesTemplateId, request.body as AdminGuidelinesTemplate, true);
  },

  async deleteAdminGuidelinesTemplate(request, _reply, ctx) {
    return remove(ctx, (request.params as TemplateParams).guidelinesTemplateId, true);
  },
};
