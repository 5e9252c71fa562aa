/**
 * Full-text retrieval over chunks with PostgreSQL's own index (the same SQL on
 * PGlite). PostgreSQL's ts_rank knows nothing of how rare a word is, so a
 * question's common words ("line", "page") would outrank the one rare word that
 * matters; passages are therefore scored by the inverse document frequency of
 * the question's words within the searched files (BM25's idea, without length
 * normalisation), with ts_rank_cd only breaking ties.
 */
import { and, asc, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client";
import { attachments, fileChunks } from "../db/filesSchema";

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
/** Words in more than this share of the passages only rank; they do not select candidates when rarer words exist. */
const COMMON_SHARE = 0.3;

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
}

/** The question's lexemes (stemmed, stop words gone) that occur in scope, with their document frequencies. */
async function termsInScope(db: Db, scope: SQL, question: string): Promise<{ terms: Term[]; total: number }> {
  const words = searchTerms(question).replaceAll(" or ", " ");
  if (!words) return { terms: [], total: 0 };
  const lexemes = await db.execute<{ lexeme: string }>(
    sql`select unnest(tsvector_to_array(to_tsvector('english', ${words}))) as lexeme`,
  );
  const list = lexemes.rows.map((r) => r.lexeme);
  if (list.length === 0) return { terms: [], total: 0 };
  const [counts] = await db
    .select({
      total: sql<number>`count(*)`.mapWith(Number),
      ...Object.fromEntries(
        list.map((l, i) => [
          `t${i}`,
          sql<number>`count(*) filter (where ${fileChunks.searchVector} @@ ${lexemeQuery(l)})`.mapWith(Number),
        ]),
      ),
    })
    .from(fileChunks)
    .where(scope);
  const row = counts as Record<string, number>;
  return {
    terms: list.map((lexeme, i) => ({ lexeme, df: row[`t${i}`] ?? 0 })).filter((t) => t.df > 0),
    total: row.total ?? 0,
  };
}

async function bestMatches(
  db: Db,
  scope: SQL,
  terms: Term[],
  total: number,
  limit: number,
): Promise<RetrievedPassage[]> {
  const rare = terms.filter((t) => t.df <= total * COMMON_SHARE);
  const selecting = rare.length > 0 ? rare : terms;
  const any = (list: Term[]) =>
    sql.join(
      list.map((t) => lexemeQuery(t.lexeme)),
      sql` || `,
    );
  const score = sql.join(
    terms.map(
      (t) =>
        sql`(case when ${fileChunks.searchVector} @@ ${lexemeQuery(t.lexeme)} then ${Math.log(1 + total / t.df)}::float8 else 0 end)`,
    ),
    sql` + `,
  );
  return db
    .select(columns)
    .from(fileChunks)
    .innerJoin(attachments, eq(attachments.attachmentId, fileChunks.attachmentId))
    .where(and(scope, sql`${fileChunks.searchVector} @@ (${any(selecting)})`))
    .orderBy(desc(score), desc(sql`ts_rank_cd(${fileChunks.searchVector}, ${any(terms)})`), asc(fileChunks.ordinal))
    .limit(limit);
}

export async function searchAttachments(
  db: Db,
  attachmentIds: readonly string[],
  question: string,
  limit = DEFAULT_PASSAGE_COUNT,
): Promise<RetrievedPassage[]> {
  if (attachmentIds.length === 0) return [];
  const scope = inArray(fileChunks.attachmentId, [...attachmentIds]);
  const { terms, total } = await termsInScope(db, scope, question);
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
