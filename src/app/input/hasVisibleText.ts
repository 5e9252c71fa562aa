/**
 * Whether a text shows anything: not only spaces, format characters (zero-width spaces and joiners,
 * soft hyphens, direction marks) and combining marks with no letter to sit on. The server refuses a
 * question or a title of only these (NOTHING_VISIBLE in its titles module), so they are not sent.
 */
export function hasVisibleText(text: string): boolean {
  return !/^[\s\p{Cf}\p{M}]*$/u.test(text);
}
