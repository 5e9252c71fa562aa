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
  // The display formula's rule last: its opening line's "$$" was held by the inline rule until
  // the line was whole, and is held by it from then on.
  return withoutPendingDisplayMaths(
    withoutPendingInlineMarkup(
      withoutPendingBlockStart(withoutPendingSetextUnderline(withoutPendingTableHeader(text))),
    ),
  );
}
