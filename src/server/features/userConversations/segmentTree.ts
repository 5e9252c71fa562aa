/**
 * Segments form a tree (decisions.md): editing a question or regenerating an
 * answer adds a sibling under the same parent; the selected leaf picks the path
 * shown and sent to the model.
 */

export interface TreeNode {
  conversationSegmentId: string;
  parentSegmentId: string | null;
  createdAt: Date;
}

/** Ids from the root to `leafId`, or [] when the leaf is unknown. */
export function pathTo<T extends TreeNode>(segments: readonly T[], leafId: string | null): T[] {
  const byId = new Map(segments.map((s) => [s.conversationSegmentId, s]));
  const path: T[] = [];
  const seen = new Set<string>();
  for (let node = leafId ? byId.get(leafId) : undefined; node; node = node.parentSegmentId ? byId.get(node.parentSegmentId) : undefined) {
    // A cycle can only come from corrupt data; stop rather than loop forever.
    if (seen.has(node.conversationSegmentId)) break;
    seen.add(node.conversationSegmentId);
    path.unshift(node);
  }
  return path;
}

/** The newest leaf below `startId` (following the newest child at each level); `startId` itself when it has none. */
export function newestLeafUnder<T extends TreeNode>(segments: readonly T[], startId: string): string {
  const children = childrenByParent(segments);
  let current = startId;
  for (;;) {
    const next = children.get(current)?.at(-1);
    if (!next) return current;
    current = next.conversationSegmentId;
  }
}

/** Every segment under the same parent as `segmentId` (itself included), oldest first. */
export function siblingsOf<T extends TreeNode>(segments: readonly T[], segmentId: string): string[] {
  const node = segments.find((s) => s.conversationSegmentId === segmentId);
  if (!node) return [];
  return (childrenByParent(segments).get(node.parentSegmentId ?? "") ?? []).map((s) => s.conversationSegmentId);
}

function childrenByParent<T extends TreeNode>(segments: readonly T[]): Map<string, T[]> {
  const children = new Map<string, T[]>();
  for (const segment of [...segments].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())) {
    const key = segment.parentSegmentId ?? "";
    children.set(key, [...(children.get(key) ?? []), segment]);
  }
  return children;
}
