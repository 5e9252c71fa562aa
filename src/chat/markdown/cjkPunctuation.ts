/** CJK symbols and punctuation (、。「」【】), full-width forms (！（），：；？) and vertical forms. */
const CJK_PUNCTUATION = /[\u3000-\u303f\uff00-\uffef\ufe10-\ufe1f\ufe30-\ufe4f\u30fb]/u;

/**
 * Whether a character is the full-width punctuation of Chinese and Japanese, which counts as a
 * letter next to emphasis markers (cjkFriendlyEmphasis.ts; the streaming view's pendingInlineMarkup.ts).
 */
export const isCjkPunctuation = (char: string | undefined): boolean => char !== undefined && CJK_PUNCTUATION.test(char);
