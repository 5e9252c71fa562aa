/**
 * Graph widening: the entities a question names (matched against the graph
 * index of the searched files) bring in the entities that most often share a
 * passage with them, so "What does Kestrel Harbour depend on?" also finds the
 * passage about its supplier that never mentions Kestrel Harbour itself.
 */
import { and, desc, inArray, notInArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { entityCooccurrences, fileEntities } from "../../db/filesSchema";

/** How many related entities at most join a question. */
const MAX_RELATED = 3;
/** A related entity must share at least this share of the named entity's passages. */
const MIN_SHARE = 0.25;
const LONGEST_NAME_WORDS = 4;
const MAX_QUESTION_WORDS = 40;
/** Single words that are also acronyms ("IT", "US") but far more often plain words in a question. */
const PLAIN_WORDS = new Set([
  "it",
  "us",
  "am",
  "is",
  "as",
  "at",
  "be",
  "do",
  "go",
  "if",
  "in",
  "me",
  "no",
  "of",
  "on",
  "or",
  "so",
  "to",
  "up",
  "we",
]);

/** Every run of 1 to 4 words of the question, in the graph index's key form. */
export function questionNames(question: string): string[] {
  const words = (question.toLowerCase().match(/[\p{L}\p{N}]+(?:[-_][\p{L}\p{N}]+)*/gu) ?? []).slice(
    0,
    MAX_QUESTION_WORDS,
  );
  const names = new Set<string>();
  for (let i = 0; i < words.length; i++)
    for (let n = 1; n <= LONGEST_NAME_WORDS && i + n <= words.length; n++) {
      const name = words.slice(i, i + n).join(" ");
      if (n > 1 || (name.length >= 2 && !PLAIN_WORDS.has(name))) names.add(name);
    }
  return [...names];
}

export interface RelatedEntity {
  key: string;
  /** Passages mentioning both it and an entity of the question. */
  together: number;
}

export async function relatedEntities(db: Db, fileIds: readonly string[], question: string): Promise<RelatedEntity[]> {
  const names = questionNames(question);
  if (fileIds.length === 0 || names.length === 0) return [];
  const ids = [...fileIds];
  const named = await db
    .select({ key: fileEntities.entityKey, mentions: sql<number>`sum(${fileEntities.chunkCount})`.mapWith(Number) })
    .from(fileEntities)
    .where(and(inArray(fileEntities.attachmentId, ids), inArray(fileEntities.entityKey, names)))
    .groupBy(fileEntities.entityKey);
  if (named.length === 0) return [];
  const mentions = new Map(named.map((n) => [n.key, n.mentions]));
  const keys = [...mentions.keys()];
  const together = sql<number>`sum(${entityCooccurrences.chunkCount})`.mapWith(Number);
  const pairs = await db
    .select({ key: entityCooccurrences.entityKey, related: entityCooccurrences.relatedKey, together })
    .from(entityCooccurrences)
    .where(
      and(
        inArray(entityCooccurrences.attachmentId, ids),
        inArray(entityCooccurrences.entityKey, keys),
        notInArray(entityCooccurrences.relatedKey, keys),
      ),
    )
    .groupBy(entityCooccurrences.entityKey, entityCooccurrences.relatedKey)
    .orderBy(desc(together))
    .limit(50);
  const strongest = new Map<string, number>();
  for (const p of pairs)
    if (p.together >= MIN_SHARE * (mentions.get(p.key) ?? 0) && !strongest.has(p.related))
      strongest.set(p.related, p.together);
  return [...strongest].slice(0, MAX_RELATED).map(([key, n]) => ({ key, together: n }));
}
