/** Handlers of the guidelines tag: what the caller must agree to, and their consent (once per document). */
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { guidelinesConsents, guidelinesDocuments } from "../../db/guidelinesSchema";
import { problem } from "../../http/problem";
import type { Handlers } from "../../http/types";
import { requireUser } from "../../http/requireUser";
import { pendingConsents } from "./pendingConsents";

type Params = { guidelinesDocumentId: string };

/** The guidelinesDocumentIds a user has agreed to (CurrentUser's guidelinesDocumentConsent). */
export async function consentedDocumentIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: guidelinesConsents.guidelinesDocumentId })
    .from(guidelinesConsents)
    .where(eq(guidelinesConsents.userId, userId))
    .orderBy(asc(guidelinesConsents.consentedAt), asc(guidelinesConsents.guidelinesDocumentId));
  return rows.map((row) => row.id);
}

export const guidelinesHandlers: Handlers = {
  async listPendingGuidelinesConsents(_request, _reply, ctx) {
    return pendingConsents(ctx.deps.database, requireUser(ctx).userId);
  },

  async consentToGuidelinesDocument(request, _reply, ctx) {
    const { userId } = requireUser(ctx);
    const { guidelinesDocumentId } = request.params as Params;
    const db = ctx.deps.database.db;
    const [document] = await db
      .select({ id: guidelinesDocuments.guidelinesDocumentId })
      .from(guidelinesDocuments)
      .where(
        and(
          eq(guidelinesDocuments.guidelinesDocumentId, guidelinesDocumentId),
          eq(guidelinesDocuments.isTemplate, false),
          eq(guidelinesDocuments.isActive, true),
        ),
      );
    if (!document) throw problem(404, "Not Found", "No such guidelines document.");
    // Once per document: a repeat keeps the first consent and its time.
    await db.insert(guidelinesConsents).values({ userId, guidelinesDocumentId }).onConflictDoNothing();
    const [consent] = await db
      .select()
      .from(guidelinesConsents)
      .where(
        and(eq(guidelinesConsents.userId, userId), eq(guidelinesConsents.guidelinesDocumentId, guidelinesDocumentId)),
      );
    return { guidelinesDocumentId, consentedAt: consent!.consentedAt.toISOString() };
  },
};
