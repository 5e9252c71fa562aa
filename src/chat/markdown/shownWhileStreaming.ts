import { withoutPendingBlockStart } from "./pendingBlockStart";
import { withoutPendingDisplayMaths } from "./pendingDisplayMaths";
import { withoutPendingInlineMarkup } from "./pendingInlineMarkup";
import { withoutPendingSetextUnderline } from "./pendingSetextUnderline";
import { withoutPendingTableHeader } from "./pendingTableHeader";

/**
 * What a streaming answer shows of its text: the lines whose meaning the next characters decide
 * wait for them (a table's header row, a possible heading underline, a list's number or bullet,
 * a code block's closing fence), and so do a display formula until its closing line and inline
 * markup not closed yet (bold, a link), so that nothing is shown as one thing and then turns
 * into another. Always a prefix of what a longer text shows (the incremental rendering only
 * grows); the finished answer is rendered from its whole text.
 */
export function shownWhileStreaming(text: string): string {
  // The inline rule before the line rules as well as after them: cut at its markup, a last line
  // may be left as only a list's marker ("Options:\n- " of "Options:\n- **Fast"), which the line
  // rules then hold; and a line they hold may have closed markup that the inline rule then holds.
  // The display formula's rule last: its opening line's "$$" was held by the inline rule until
  // the line was whole, and is held by it from then on.
  const lineRules = (shown: string) =>
    withoutPendingBlockStart(withoutPendingSetextUnderline(withoutPendingTableHeader(shown)));
  return withoutPendingDisplayMaths(withoutPendingInlineMarkup(lineRules(withoutPendingInlineMarkup(text))));
}
