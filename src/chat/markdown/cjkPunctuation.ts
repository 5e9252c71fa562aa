/** CJK symbols and punctuation (、。「」【】), full-width forms (！（），：；？) and vertical forms. */
const CJK_PUNCTUATION = /[\u3000-\u303f\uff00-\uffef\ufe10-\ufe1f\ufe30-\ufe4f\u30fb]/u;

/**
 * Whether a character is the full-width punctuation of Chinese and Japanese, which counts as a
 * letter next to emphasis markers (cjkFriendlyEmphasis.ts; the streaming view's pendingInlineMarkup.ts).
 */
export const isCjkPunctuation = (char: string | undefined): boolean => char !== undefined && CJK_PUNCTUATION.test(char);

/** Han, kana and Hangul: the scripts that write no spaces (Korean does, but takes the same rule, as the amendment does). */
const CJK_LETTER = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/**
 * Whether a character is Chinese, Japanese or Korean, a letter or full-width punctuation: other
 * punctuation between emphasis markers and such a character does not stop the emphasis
 * ("这是**“引用”**的", "增长了**50%**的用户"), as the "CJK-friendly" amendment to CommonMark
 * proposes (cjkFriendlyEmphasis.ts; pendingInlineMarkup.ts).
 */
export const isCjkCharacter = (char: string | undefined): boolean =>
  char !== undefined && (CJK_LETTER.test(char) || CJK_PUNCTUATION.test(char));
