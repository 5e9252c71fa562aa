/**
 * Whether a text shows anything: not only spaces, format characters (zero-width spaces and joiners,
 * soft hyphens, direction marks), combining marks with no letter to sit on and the letters drawn
 * blank (the Hangul fillers, the blank Braille pattern). The server refuses a question or a title of
 * only these (NOTHING_VISIBLE in its titles module), so they are not sent.
 */
export function hasVisibleText(text: string): boolean {
  return !/^[\s\p{Cf}\p{M}\u115f\u1160\u3164\uffa0\u2800]*$/u.test(text);
}
