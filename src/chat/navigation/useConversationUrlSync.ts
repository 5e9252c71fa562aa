import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useLocation, useSearchParams } from "react-router-dom";
import { useStore } from "../../app/store/useStore";
import { chatActions, chatStore } from "../state/chatStore";
import { abortRunningResponse } from "./abortRunningResponse";
import { CONVERSATION_QUERY_PARAM, isChatPagePath } from "./chatPaths";

/**
 * Keeps the chat page's `?c=<conversationId>` and chatStore.currentConversationId
 * in step. The store is authoritative (the conversation view reads only the
 * store); the address mirrors it so that a reload, a shared link or the Back
 * button reopens the same conversation:
 * - an address naming another conversation (deep link, Back) makes it current;
 * - an address that stops naming the current conversation (Back to a new chat) clears it;
 * - either stops an answer still coming, as choosing another conversation in the list does (spec §2);
 * - a store change (a new conversation's id arriving from the stream, a delete) rewrites the address in place.
 */
export function useConversationUrlSync(): void {
  const { pathname } = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const urlId = searchParams.get(CONVERSATION_QUERY_PARAM);
  const storeId = useStore(chatStore, (state) => state.currentConversationId);
  const onChatPage = isChatPagePath(pathname);
  const previousUrlId = useRef(urlId);
  const queryClient = useQueryClient();

  useEffect(() => {
    const previous = previousUrlId.current;
    previousUrlId.current = urlId;
    if (!onChatPage) return;
    const current = chatStore.getState().currentConversationId;
    if (urlId && urlId !== current) {
      abortRunningResponse(queryClient);
      chatActions.setCurrentConversation(urlId);
    } else if (!urlId && previous && previous === current) {
      abortRunningResponse(queryClient);
      chatActions.clearConversation();
    }
  }, [urlId, onChatPage, queryClient]);

  useEffect(() => {
    const current = chatStore.getState().currentConversationId;
    if (!onChatPage || current === urlId) return;
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        if (current) next.set(CONVERSATION_QUERY_PARAM, current);
        else next.delete(CONVERSATION_QUERY_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [storeId, urlId, onChatPage, setSearchParams]);
}
