/** Guidelines documents and templates (one table, told apart by isTemplate) as admin records. */
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL } from "drizzle-orm";
import type { components } from "../../../generated/api";
import { notFound } from "../../admin/context";
import { FilterReader, likePattern } from "../../admin/filters";
import type { ListRequest, ListSpec } from "../../admin/listQuery";
import type { Db } from "../../db/client";
import { guidelinesDocuments, type GuidelinesSectionValue } from "../../db/guidelinesSchema";

export type AdminGuidelinesDocument = components["schemas"]["AdminGuidelinesDocument"];
export type AdminGuidelinesTemplate = components["schemas"]["AdminGuidelinesTemplate"];
export type GuidelinesSection = components["schemas"]["GuidelinesSection"];
type Row = typeof guidelinesDocuments.$inferSelect;
type Queryable = Pick<Db, "select">;

/** Sections in display order, renumbered 0..n-1; a section without an order keeps its position in the list. */
export function orderedSections(sections: GuidelinesSection[]): GuidelinesSectionValue[] {
  return sections
    .map((section, index) => ({ section, key: section.order ?? index, index }))
    .sort((a, b) => a.key - b.key || a.index - b.index)
    .map(({ section }, order) => ({ title: section.title.trim(), body: section.body, order }));
}

const common = (row: Row) => ({
  name: row.name,
  description: row.description,
  sections: row.sections,
  sectionCount: row.sections.length,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export const documentRecord = (row: Row): AdminGuidelinesDocument => ({
  guidelinesDocumentId: row.guidelinesDocumentId,
  ...common(row),
  isActive: row.isActive,
  requiresConsent: row.requiresConsent,
});

export const templateRecord = (row: Row): AdminGuidelinesTemplate => ({
  guidelinesTemplateId: row.guidelinesDocumentId,
  ...common(row),
});

/** The row of a document (isTemplate false) or template (true); 404 when it is the other kind. */
export async function loadGuidelines(db: Queryable, id: string, isTemplate: boolean): Promise<Row> {
  const [row] = await db
    .select()
    .from(guidelinesDocuments)
    .where(and(eq(guidelinesDocuments.guidelinesDocumentId, id), eq(guidelinesDocuments.isTemplate, isTemplate)));
  if (!row) notFound(isTemplate ? "guidelines template" : "guidelines document");
  return row;
}

export const documentListSpec: ListSpec = {
  sortFields: ["name", "isActive", "requiresConsent", "createdAt", "updatedAt"],
  defaultSort: ["name", "ASC"],
  filters: ["q", "isActive", "requiresConsent"],
};
export const templateListSpec: ListSpec = {
  sortFields: ["name", "createdAt", "updatedAt"],
  defaultSort: ["name", "ASC"],
  filters: ["q"],
};
const sortColumns = {
  name: guidelinesDocuments.name,
  isActive: guidelinesDocuments.isActive,
  requiresConsent: guidelinesDocuments.requiresConsent,
  createdAt: guidelinesDocuments.createdAt,
  updatedAt: guidelinesDocuments.updatedAt,
};

export async function listGuidelines(db: Db, request: ListRequest, isTemplate: boolean) {
  const f = new FilterReader(request.filter);
  const ids = f.ids();
  const q = f.string("q");
  const isActive = isTemplate ? undefined : f.boolean("isActive");
  const requiresConsent = isTemplate ? undefined : f.boolean("requiresConsent");
  f.done();
  const where: SQL | undefined = and(
    eq(guidelinesDocuments.isTemplate, isTemplate),
    ids ? inArray(guidelinesDocuments.guidelinesDocumentId, ids) : undefined,
    q
      ? or(ilike(guidelinesDocuments.name, likePattern(q)), ilike(guidelinesDocuments.description, likePattern(q)))
      : undefined,
    isActive === undefined ? undefined : eq(guidelinesDocuments.isActive, isActive),
    requiresConsent === undefined ? undefined : eq(guidelinesDocuments.requiresConsent, requiresConsent),
  );
  const column = sortColumns[request.sort.field as keyof typeof sortColumns];
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(guidelinesDocuments).where(where);
  const rows = await db
    .select()
    .from(guidelinesDocuments)
    .where(where)
    .orderBy(request.sort.order === "ASC" ? asc(column) : desc(column), asc(guidelinesDocuments.guidelinesDocumentId))
    .offset(request.offset)
    .limit(request.limit);
  return { total, rows };
}
