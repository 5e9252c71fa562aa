/**
 * Full-text retrieval over chunks with PostgreSQL's own index (the same SQL on
 * PGlite). PostgreSQL's ts_rank knows nothing of how rare a word is, so a
 * question's common words ("line", "page") would outrank the one rare word that
 * matters; passages are therefore scored by the inverse document frequency of
 * the question's words within the searched files (BM25's idea, without length
 * normalisation), with ts_rank_cd only breaking ties. Document frequencies come
 * from per-file lexeme counts kept at indexing time (file_term_stats), so no
 * question scans every passage; the graph index adds the entities that most
 * often share a passage with those the question names, at half weight.
 */
import { and, asc, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client";
import { attachments, fileChunks, fileTermStats, indexingJobs } from "../db/filesSchema";
import { relatedEntities } from "./graph/widenQuestion";

export interface RetrievedPassage {
  attachmentId: string;
  fileName: string;
  page: number | null;
  heading: string | null;
  content: string;
}

export const DEFAULT_PASSAGE_COUNT = 5;
/** Beyond this many words a question is a document; the first ones are enough to rank by. */
const MAX_QUERY_WORDS = 32;
/**
 * Candidates are the passages holding the question's rarest words, taken from the
 * rarest up while their passages add up to at most this many (always at least one
 * word): rare words weigh most in the score, and common ones only rank.
 */
const MAX_CANDIDATES = 1000;
/** Words brought in by the graph count this much of a word the question used. */
const RELATED_WEIGHT = 0.5;

/** Words only: search syntax typed by a user (quotes, "-", "or") must not turn into operators. */
export function searchTerms(question: string): string {
  const words = question.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words)]
    .filter((w) => w !== "or")
    .slice(0, MAX_QUERY_WORDS)
    .join(" or ");
}

const columns = {
  attachmentId: fileChunks.attachmentId,
  fileName: attachments.originalFileName,
  page: fileChunks.page,
  heading: fileChunks.heading,
  content: fileChunks.content,
};

/** One stemmed word as a tsquery; quote_literal keeps it a single lexeme whatever it contains. */
const lexemeQuery = (lexeme: string) => sql`quote_literal(${lexeme})::tsquery`;

interface Term {
  lexeme: string;
  df: number;
  weight: number;
}

/** The text's lexemes as the index stores them (stemmed, stop words gone). */
async function lexemesOf(db: Db, text: string): Promise<string[]> {
  const words = searchTerms(text).replaceAll(" or ", " ");
  if (!words) return [];
  const rows = await db.execute<{ lexeme: string }>(
    sql`select unnest(tsvector_to_array(to_tsvector('english', ${words}))) as lexeme`,
  );
  return rows.rows.map((r) => r.lexeme);
}

/** The lexemes' document frequencies over the files, and how many passages the files hold. */
async function frequencies(
  db: Db,
  fileIds: string[],
  lexemes: string[],
): Promise<{ df: Map<string, number>; total: number }> {
  const [rows, [sum]] = await Promise.all([
    db
      .select({ lexeme: fileTermStats.lexeme, df: sql<number>`sum(${fileTermStats.chunkCount})`.mapWith(Number) })
      .from(fileTermStats)
      .where(and(inArray(fileTermStats.attachmentId, fileIds), inArray(fileTermStats.lexeme, lexemes)))
      .groupBy(fileTermStats.lexeme),
    db
      .select({ total: sql<number>`coalesce(sum(${indexingJobs.chunkCount}), 0)`.mapWith(Number) })
      .from(indexingJobs)
      .where(inArray(indexingJobs.attachmentId, fileIds)),
  ]);
  return { df: new Map(rows.map((r) => [r.lexeme, r.df])), total: sum?.total ?? 0 };
}

/** The question's terms, then the graph's related entities' terms, each with its frequency in scope. */
async function termsInScope(db: Db, fileIds: string[], question: string): Promise<{ terms: Term[]; total: number }> {
  const [own, related] = await Promise.all([lexemesOf(db, question), relatedEntities(db, fileIds, question)]);
  const widened = (await lexemesOf(db, related.map((r) => r.key).join(" "))).filter((l) => !own.includes(l));
  const all = [...own, ...widened];
  if (all.length === 0) return { terms: [], total: 0 };
  const { df, total } = await frequencies(db, fileIds, all);
  const terms = all
    .map((lexeme) => ({ lexeme, df: df.get(lexeme) ?? 0, weight: own.includes(lexeme) ? 1 : RELATED_WEIGHT }))
    .filter((t) => t.df > 0);
  return { terms, total: Math.max(total, ...terms.map((t) => t.df)) };
}

const anyOf = (list: Term[]) =>
  sql.join(
    list.map((t) => lexemeQuery(t.lexeme)),
    sql` || `,
  );
const allOf = (list: Term[]) =>
  sql.join(
    list.map((t) => lexemeQuery(t.lexeme)),
    sql` && `,
  );

async function bestMatches(
  db: Db,
  scope: SQL,
  terms: Term[],
  total: number,
  limit: number,
): Promise<RetrievedPassage[]> {
  const matching = (condition: SQL, order: SQL[]) =>
    db
      .select(columns)
      .from(fileChunks)
      .innerJoin(attachments, eq(attachments.attachmentId, fileChunks.attachmentId))
      .where(and(scope, sql`${fileChunks.searchVector} @@ (${condition})`))
      .orderBy(...order, desc(sql`ts_rank_cd(${fileChunks.searchVector}, ${anyOf(terms)})`), asc(fileChunks.ordinal))
      .limit(limit);
  // Passages holding every term have the highest score there is: when there are enough of
  // them, they are the answer, and the index finds them without scoring the rest.
  if (terms.length > 1) {
    const complete = await matching(allOf(terms), []);
    if (complete.length === limit) return complete;
  }
  const byRarity = [...terms].sort((a, b) => a.df - b.df);
  let candidates = 0;
  const rare = byRarity.filter((t, i) => (candidates += t.df) <= MAX_CANDIDATES || i === 0);
  const score = sql.join(
    terms.map(
      (t) =>
        sql`(case when ${fileChunks.searchVector} @@ ${lexemeQuery(t.lexeme)} then ${t.weight * Math.log(1 + total / t.df)}::float8 else 0 end)`,
    ),
    sql` + `,
  );
  return matching(anyOf(rare), [desc(score)]);
}

export async function searchAttachments(
  db: Db,
  attachmentIds: readonly string[],
  question: string,
  limit = DEFAULT_PASSAGE_COUNT,
): Promise<RetrievedPassage[]> {
  if (attachmentIds.length === 0) return [];
  const ids = [...new Set(attachmentIds)];
  const scope = inArray(fileChunks.attachmentId, ids);
  const { terms, total } = await termsInScope(db, ids, question);
  if (terms.length > 0) return bestMatches(db, scope, terms, total, limit);
  // Nothing matched ("summarise this"): the beginning of the files is the best guess.
  return db
    .select(columns)
    .from(fileChunks)
    .innerJoin(attachments, eq(attachments.attachmentId, fileChunks.attachmentId))
    .where(scope)
    .orderBy(asc(fileChunks.ordinal), asc(fileChunks.attachmentId))
    .limit(limit);
}
