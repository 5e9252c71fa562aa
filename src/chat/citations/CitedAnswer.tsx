import { memo, type MouseEvent } from "react";
import type { components } from "../../generated/api";
import { MarkdownContent } from "../markdown/MarkdownContent";
import { CITATION_ANCHOR_PREFIX, citationAnchorId } from "./citationAnchors";
import { linkCitationMarkers } from "./linkCitationMarkers";
import { showCitation } from "./showCitation";

type Citation = components["schemas"]["Citation"];

export interface CitedAnswerProps {
  segmentId: string;
  text: string;
  citations: readonly Citation[];
}

/** A finished answer whose [n] markers link to its citations below it. */
export const CitedAnswer = memo(function CitedAnswer({ segmentId, text, citations }: CitedAnswerProps) {
  const linked = linkCitationMarkers(text, citations.length, (n) => `#${citationAnchorId(segmentId, n)}`);
  // A marker moves to its citation in place: a fragment navigation would change the page's URL.
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const link = (event.target as Element).closest?.(`a[href^="#${CITATION_ANCHOR_PREFIX}"]`);
    if (!link) return;
    event.preventDefault();
    showCitation(link.getAttribute("href")!.slice(1));
  };
  return (
    <div onClick={onClick}>
      <MarkdownContent text={linked} />
    </div>
  );
});
