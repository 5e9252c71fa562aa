import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, unwrap } from "../../app/api/client";
import { freshWhileOpeningRead } from "../../app/api/openingReads";
import { preloadMarkdown } from "../markdown/markdownLoader";
import { conversationKeys } from "./conversationKeys";
import { preloadAnswerParts } from "./lazyAnswerParts";

/** About the segments the list shows when it opens at the end of a conversation. */
const TAIL_SEGMENTS = 6;

/** A `$` (inline or display TeX); a price in dollars only costs an early load of KaTeX. */
const mayHoldFormula = (markdown: string) => markdown.includes("$");

/** GET /userConversations/{id}: the conversation with the segments of its selected path. */
export function conversationQuery(conversationId: string) {
  return queryOptions({
    queryKey: conversationKeys.one(conversationId),
    queryFn: async () => {
      // Its answers are markdown: the renderer loads while the conversation does, and the conversation
      // is shown once both are there (its rows then render and measure once, not as plain text first).
      // So do the sources list and the code interpreter panel (a few kB), which answers may show.
      const [conversation] = await Promise.all([
        unwrap(api.GET("/userConversations/{conversationId}", { params: { path: { conversationId } } })),
        preloadMarkdown(),
        preloadAnswerParts(),
      ]);
      // The list opens at the end: formulas there need KaTeX, which then loads alongside the first rows.
      // (Its loader comes with the markdown renderer, loaded by now: not part of the page's first load.)
      if (conversation.conversationSegmentTree.segments.slice(-TAIL_SEGMENTS).some((s) => mayHoldFormula(s.answer)))
        void import("../markdown/katexLoader").then(({ loadKatex }) => loadKatex());
      return conversation;
    },
    staleTime: freshWhileOpeningRead,
  });
}

export function useConversation(conversationId: string | null) {
  return useQuery({ ...conversationQuery(conversationId ?? ""), enabled: conversationId !== null });
}
