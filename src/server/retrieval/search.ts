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
 *
 * When an embedding model is set and the searched files carry its vectors, the
 * ranking is hybrid: the text ranking and the vector ranking (vectorSearch.ts)
 * are merged by reciprocal rank fusion, which needs no calibration between a
 * text score and a cosine; a question none of whose words occur in the files is
 * ranked by its vector alone. Otherwise the text ranking is the answer.
 */
import { and, asc, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client";
import { attachments, fileChunks, fileTermStats, indexingJobs } from "../db/filesSchema";
import type { Embedder } from "../embeddings/embedder";
import { wordTerms } from "./cjkTerms";
import { relatedEntities } from "./graph/widenQuestion";
import { filesEmbeddedWith, nearestChunkIds } from "./vectorSearch";

export interface RetrievedPassage {
  attachmentId: string;
  fileName: string;
  page: number | null;
  heading: string | null;
  content: string;
}

export const DEFAULT_PASSAGE_COUNT = 5;
/**
 * Beyond this many words a question is a document; the first ones are enough to rank by. Common
 * words do not count (the index leaves them out anyway): a long question's point often comes last.
 */
const MAX_QUERY_WORDS = 32;
const COMMON_WORDS = new Set(
  (
    "a about above after again all also am an and any are as at be because been before being below between both but by " +
    "can could did do does doing down during each few for from further had has have having he her here hers him his how " +
    "i if in into is it its just me more most my no nor not now of off on once only other our out over own same she " +
    "should so some such than that the their them then there these they this those through to too under until up us " +
    "very was we were what when where which while who whom why will with would you your"
  ).split(" "),
);
/**
 * Candidates are the passages holding the question's rarest words, taken from the
 * rarest up while their passages add up to at most this many (always at least one
 * word): rare words weigh most in the score, and common ones only rank.
 */
const MAX_CANDIDATES = 1000;
/** Words brought in by the graph count this much of a word the question used. */
const RELATED_WEIGHT = 0.5;
/** Each ranking contributes this many passages to the fusion. */
const FUSION_CANDIDATES = 20;
/** Reciprocal rank fusion's constant (the usual 60): rank 1 and rank 2 weigh almost alike. */
const RRF_K = 60;
/** A question waits this long for its vector before being answered by text alone. */
const QUESTION_EMBEDDING_TIMEOUT_MS = 5000;

/**
 * Words only: search syntax typed by a user (quotes, "-", "or") must not turn into operators.
 * Chinese, Japanese and Korean runs become the character bigrams they are indexed by (cjkTerms.ts).
 */
export function searchTerms(question: string): string {
  const words = (question.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).flatMap(wordTerms);
  let counted = 0;
  return [...new Set(words)]
    .filter((w) => w !== "or" && (COMMON_WORDS.has(w) || counted++ < MAX_QUERY_WORDS))
    .join(" or ");
}

const columns = {
  chunkId: fileChunks.chunkId,
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

type RankedPassage = RetrievedPassage & { chunkId: string };

async function bestMatches(
  db: Db,
  scope: SQL,
  terms: Term[],
  total: number,
  limit: number,
): Promise<RankedPassage[]> {
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

/**
 * The ids of the passages nearest the question, or null when vectors cannot help: no
 * model set, none of the files embedded by it, or the question could not be embedded
 * (the provider is down or slow — text search still answers).
 */
async function vectorRanking(
  db: Db,
  fileIds: string[],
  question: string,
  embedder: Embedder | null | undefined,
): Promise<string[] | null> {
  if (!embedder) return null;
  const files = await filesEmbeddedWith(db, fileIds, embedder.modelKey);
  if (files.length === 0) return null;
  let query: Float32Array | undefined;
  try {
    [query] = await embedder.embed([question], AbortSignal.timeout(QUESTION_EMBEDDING_TIMEOUT_MS));
  } catch {
    return null;
  }
  return query ? nearestChunkIds(db, files, query, FUSION_CANDIDATES) : null;
}

/** Reciprocal rank fusion; on equal scores the text ranking's order wins. */
export function fuseRankings(text: readonly string[], vector: readonly string[]): string[] {
  const score = new Map<string, number>();
  const add = (ids: readonly string[]) =>
    ids.forEach((id, rank) => score.set(id, (score.get(id) ?? 0) + 1 / (RRF_K + rank + 1)));
  add(text);
  add(vector);
  const order = [...new Set([...text, ...vector])];
  return order
    .map((id, position) => ({ id, position, score: score.get(id)! }))
    .sort((a, b) => b.score - a.score || a.position - b.position)
    .map((r) => r.id);
}

async function passagesByIds(db: Db, chunkIds: string[]): Promise<RankedPassage[]> {
  if (chunkIds.length === 0) return [];
  const rows = await db
    .select(columns)
    .from(fileChunks)
    .innerJoin(attachments, eq(attachments.attachmentId, fileChunks.attachmentId))
    .where(inArray(fileChunks.chunkId, chunkIds));
  const byId = new Map(rows.map((r) => [r.chunkId, r]));
  return chunkIds.flatMap((id) => byId.get(id) ?? []);
}

const withoutIds = (passages: RankedPassage[]): RetrievedPassage[] => passages.map(({ chunkId: _, ...p }) => p);

export interface SearchOptions {
  /**
   * When no word of the question occurs in the files (and no vector ranks them): the beginning of
   * the files, a model's best guess for "summarise this" (the default), or nothing (the local
   * engine, which can only quote).
   */
  beginningWhenNothingMatches?: boolean;
}

export async function searchAttachments(
  db: Db,
  attachmentIds: readonly string[],
  question: string,
  limit = DEFAULT_PASSAGE_COUNT,
  embedder?: Embedder | null,
  { beginningWhenNothingMatches = true }: SearchOptions = {},
): Promise<RetrievedPassage[]> {
  if (attachmentIds.length === 0) return [];
  const ids = [...new Set(attachmentIds)];
  const scope = inArray(fileChunks.attachmentId, ids);
  const [{ terms, total }, nearest] = await Promise.all([
    termsInScope(db, ids, question),
    vectorRanking(db, ids, question, embedder),
  ]);
  if (nearest && nearest.length > 0) {
    const text = terms.length > 0 ? await bestMatches(db, scope, terms, total, Math.max(limit, FUSION_CANDIDATES)) : [];
    const fused = fuseRankings(
      text.map((p) => p.chunkId),
      nearest,
    ).slice(0, limit);
    const known = new Map(text.map((p) => [p.chunkId, p]));
    const missing = await passagesByIds(
      db,
      fused.filter((id) => !known.has(id)),
    );
    for (const p of missing) known.set(p.chunkId, p);
    return withoutIds(fused.flatMap((id) => known.get(id) ?? []));
  }
  if (terms.length > 0) return withoutIds(await bestMatches(db, scope, terms, total, limit));
  if (!beginningWhenNothingMatches) return [];
  // Nothing matched ("summarise this"): the beginning of the files is the best guess.
  return withoutIds(
    await db
      .select(columns)
      .from(fileChunks)
      .innerJoin(attachments, eq(attachments.attachmentId, fileChunks.attachmentId))
      .where(scope)
      .orderBy(asc(fileChunks.ordinal), asc(fileChunks.attachmentId))
      .limit(limit),
  );
}
