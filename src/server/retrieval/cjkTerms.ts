/**
 * Chinese, Japanese and Korean text for full-text search. PostgreSQL's parser
 * splits words at spaces and punctuation, so a run of such characters (a whole
 * clause: "停车场在北门") is one word to it, and a question never matches it.
 * The run is therefore indexed and searched as its overlapping two-character
 * pieces ("停车 车场 场在 在北 北门"), as search engines do for these scripts
 * without a dictionary; a lone character stands for itself. Both the passages'
 * index (file_chunks.cjk_terms) and the question's terms come from here, so the
 * two always agree, on PGlite and on PostgreSQL alike.
 */

/** Han, Hiragana, Katakana (with its prolonged sound mark, which Unicode counts as common) and Hangul. */
const CJK_RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u30fc\uff70]+/gu;
const HAS_CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u30fc\uff70]/u;

/** A run's overlapping two-character pieces (by code point: a character outside the BMP is one). */
export function cjkBigrams(run: string): string[] {
  const characters = Array.from(run);
  if (characters.length < 2) return characters;
  return characters.slice(1).map((character, i) => `${characters[i]}${character}`);
}

/**
 * One word (letters and digits, as the question's terms are split) as the
 * terms it is searched by: a word without CJK characters as it is; one with
 * them as the bigrams of its runs and the letters between them ("iPhone手机" →
 * "iPhone", "手机").
 */
export function wordTerms(word: string): string[] {
  if (!HAS_CJK.test(word)) return [word];
  const terms: string[] = [];
  let last = 0;
  for (const match of word.matchAll(CJK_RUN)) {
    if (match.index > last) terms.push(word.slice(last, match.index));
    terms.push(...cjkBigrams(match[0]));
    last = match.index + match[0].length;
  }
  if (last < word.length) terms.push(word.slice(last));
  return terms;
}

/**
 * What a passage adds to its full-text index for its CJK words: their terms
 * (wordTerms), space-separated; null when the text has no CJK character.
 */
export function cjkIndexTerms(text: string): string | null {
  if (!HAS_CJK.test(text)) return null;
  const words = text.match(/[\p{L}\p{N}]+/gu) ?? [];
  return words
    .filter((word) => HAS_CJK.test(word))
    .flatMap(wordTerms)
    .join(" ");
}
