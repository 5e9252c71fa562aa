/** The element id of citation `n` (1-based) of a segment; [n] markers in the answer link to it. */
export function citationAnchorId(segmentId: string, n: number): string {
  return `citation-${segmentId}-${n}`;
}

export const CITATION_ANCHOR_PREFIX = "citation-";
