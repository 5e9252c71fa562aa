/**
 * Which answer a branch showed when the reader left it. The server shows a selected sibling down
 * to its newest answer; coming back to a branch should show it as it was left (the version chosen
 * further down, the question edited there last), as in the leading chats. Kept per conversation
 * for the page's lifetime, from every path the page shows.
 */
import { onUserDataReset } from "../../app/auth/userDataReset";

interface PathSegment {
  conversationSegmentId: string;
}

const leafShownUnder = new Map<string, Map<string, string>>();

/** The page shows this path (root first): each of its segments last showed its leaf. */
export function rememberShownPath(conversationId: string, shownPath: readonly PathSegment[]): void {
  const leaf = shownPath.at(-1)?.conversationSegmentId;
  if (leaf === undefined) return;
  let remembered = leafShownUnder.get(conversationId);
  if (!remembered) leafShownUnder.set(conversationId, (remembered = new Map()));
  for (const segment of shownPath) remembered.set(segment.conversationSegmentId, leaf);
}

/**
 * The segment to select to show `siblingId`'s branch: the leaf last shown under that sibling, or
 * the sibling itself (the server then goes down to its newest answer).
 */
export function branchSelection(conversationId: string, siblingId: string): string {
  return leafShownUnder.get(conversationId)?.get(siblingId) ?? siblingId;
}

/** Forgets every branch (signing out). */
export function forgetBranchSelections(): void {
  leafShownUnder.clear();
}

onUserDataReset(forgetBranchSelections);
