/**
 * Which answer a branch showed when the reader left it. The server shows a selected sibling down
 * to its newest answer; coming back to a branch should show it as it was left (the version chosen
 * further down), as in the leading chats. Kept per conversation for the page's lifetime.
 */
interface PathSegment {
  conversationSegmentId: string;
}

const leafShownUnder = new Map<string, Map<string, string>>();

/**
 * The segment to select to show `siblingId`'s branch, leaving the shown path (root first): the
 * leaf last shown under that sibling, or the sibling itself (the server then goes down to its
 * newest answer). Remembers the shown path's leaf for each of its segments.
 */
export function branchSelection(conversationId: string, shownPath: readonly PathSegment[], siblingId: string): string {
  let remembered = leafShownUnder.get(conversationId);
  if (!remembered) leafShownUnder.set(conversationId, (remembered = new Map()));
  const leaf = shownPath.at(-1)?.conversationSegmentId;
  if (leaf !== undefined) for (const segment of shownPath) remembered.set(segment.conversationSegmentId, leaf);
  return remembered.get(siblingId) ?? siblingId;
}

/** Forgets every branch (signing out). */
export function forgetBranchSelections(): void {
  leafShownUnder.clear();
}
