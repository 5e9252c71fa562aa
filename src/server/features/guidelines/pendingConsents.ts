/**
 * Which active guidelines documents requiring consent a user has not agreed to.
 * Asked before every question, so kept in an in-process cache per database that
 * every committed write to the guidelines tables clears (src/server/cache/writeWatch.ts).
 */
import { and, asc, eq, getTableName, notExists, sql } from "drizzle-orm";
import { KeyedCache } from "../../cache/keyedCache";
import { watchCommittedWrites, writesTo } from "../../cache/writeWatch";
import type { Database, Db } from "../../db/client";
import { guidelinesConsents, guidelinesDocuments } from "../../db/guidelinesSchema";
import { problem } from "../../http/problem";

export interface PendingGuidelines {
  guidelinesDocumentId: string;
  name: string;
  sections: { title: string; body: string }[];
}

const caches = new WeakMap<Database, KeyedCache<PendingGuidelines[]>>();

export function queryPendingConsents(db: Db, userId: string): Promise<PendingGuidelines[]> {
  return db
    .select({
      guidelinesDocumentId: guidelinesDocuments.guidelinesDocumentId,
      name: guidelinesDocuments.name,
      sections: guidelinesDocuments.sections,
    })
    .from(guidelinesDocuments)
    .where(
      and(
        eq(guidelinesDocuments.isTemplate, false),
        eq(guidelinesDocuments.isActive, true),
        eq(guidelinesDocuments.requiresConsent, true),
        notExists(
          db
            .select({ one: sql`1` })
            .from(guidelinesConsents)
            .where(
              and(
                eq(guidelinesConsents.guidelinesDocumentId, guidelinesDocuments.guidelinesDocumentId),
                eq(guidelinesConsents.userId, userId),
              ),
            ),
        ),
      ),
    )
    .orderBy(asc(guidelinesDocuments.name), asc(guidelinesDocuments.guidelinesDocumentId))
    .then((rows) =>
      rows.map((row) => ({ ...row, sections: row.sections.map(({ title, body }) => ({ title, body })) })),
    );
}

function cacheFor(database: Database): KeyedCache<PendingGuidelines[]> {
  let cache = caches.get(database);
  if (!cache) {
    const created = new KeyedCache<PendingGuidelines[]>({ ttlMs: 10_000, maxEntries: 10_000 });
    const tables = [guidelinesDocuments, guidelinesConsents].map((table) => getTableName(table));
    watchCommittedWrites(database, writesTo(tables), () => created.clear());
    caches.set(database, created);
    cache = created;
  }
  return cache;
}

export function pendingConsents(database: Database, userId: string): Promise<PendingGuidelines[]> {
  return cacheFor(database).get(userId, () => queryPendingConsents(database.db, userId));
}

/** Spec §5: questions wait until the user has agreed to every required guidelines document (409 otherwise). */
export async function assertGuidelinesConsent(database: Database, userId: string): Promise<void> {
  const [first] = await pendingConsents(database, userId);
  if (first) throw problem(409, "Conflict", `Please agree to the guidelines "${first.name}" before asking a question.`);
}
