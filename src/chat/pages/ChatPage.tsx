import Box from "@mui/material/Box";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router-dom";
import { isApiError } from "../../app/api/errors";
import { useDocumentTitle } from "../../app/layout/useDocumentTitle";
import { useStore } from "../../app/store/useStore";
import { Composer } from "../composer/Composer";
import { ConversationPane } from "../conversation/ConversationPane";
import {
  agentRefusal,
  isAgentUnavailable,
  useAgentDetails,
  useChatAgentId,
} from "../conversation/useAgentForConversation";
import type { ConversationSegment } from "../conversation/conversationTypes";
import { useAsk } from "../conversation/useAsk";
import { useConversation } from "../conversation/useConversation";
import { useReattach } from "../conversation/useReattach";
import { ExecutionDetailsDrawer } from "../executionDetails/ExecutionDetailsDrawer";
import { MarkdownStyles } from "../markdown/MarkdownStyles";
import { useShareLinkEntry } from "../personalAgents/useShareLinkEntry";
import { removeConversation } from "../queries/conversationCache";
import { useChatUserId } from "../queries/useChatUserId";
import { chatActions, chatStore } from "../state/chatStore";

/**
 * The chat page (/chat, /chat/{entryGptSystemId}): the current conversation
 * (chatStore.currentConversationId, set by the navigation or by a new
 * conversation's stream) or the agent's introduction, and the composer.
 */
const NO_SEGMENTS: ConversationSegment[] = [];

export function ChatPage() {
  const { entryGptSystemId } = useParams();
  useShareLinkEntry(entryGptSystemId);
  // The agent the address names is the current one (New Chat stays with it, its row in the Agents tab is marked).
  useEffect(() => {
    if (entryGptSystemId) chatActions.setCurrentGptSystem(entryGptSystemId);
  }, [entryGptSystemId]);
  const conversationId = useStore(chatStore, (state) => state.currentConversationId);
  const conversationQuery = useConversation(conversationId);
  const conversation = conversationQuery.data;
  useDocumentTitle(conversation?.title);
  useReattach(conversation);

  const { gptSystemId, noAgents } = useChatAgentId(entryGptSystemId, conversation?.gptSystem.gptSystemId);
  const details = useAgentDetails(gptSystemId);
  // Kept by value: the details arriving with the same agent must not re-render every row of the open conversation.
  const agentId = details.data?.gptSystemId ?? conversation?.gptSystem.gptSystemId ?? null;
  const agentName = details.data?.name ?? conversation?.gptSystem.name ?? null;
  const agent = useMemo(
    () => (agentId !== null && agentName !== null ? { gptSystemId: agentId, name: agentName } : null),
    [agentId, agentName],
  );
  const ask = useAsk(gptSystemId);
  // Unknown, withdrawn, deleted, banned or blocked: nothing can be sent to it. A new chat's introduction says
  // so; an open conversation stays readable, and the message box says why it cannot go on.
  const agentUnavailable = details.isError && isAgentUnavailable(details.error);
  // Deleted (in another tab) or never the user's: the pane says so, and nothing can be asked in it.
  const conversationGone = isApiError(conversationQuery.error, "NOT_FOUND");
  // Its row goes from the lists too (they would otherwise show it until read again).
  const queryClient = useQueryClient();
  const userId = useChatUserId();
  useEffect(() => {
    if (conversationGone && conversationId) removeConversation(queryClient, userId, conversationId);
  }, [conversationGone, conversationId, queryClient, userId]);
  const { t } = useTranslation();

  return (
    <Box sx={{ flex: 1, display: "flex", minHeight: 0 }}>
      <MarkdownStyles />
      <Box sx={{ flex: 1, minWidth: 0, display: "flex", flexDirection: "column" }}>
        <Box sx={{ flex: 1, position: "relative", minHeight: 0 }}>
          <ConversationPane
            conversationId={conversationId}
            conversation={conversation}
            loadFailed={conversationGone ? "gone" : conversationQuery.isError && "failed"}
            gptSystemId={gptSystemId}
            agent={agent}
            noAgents={noAgents}
            canAsk={!agentUnavailable && !conversationGone}
            onAsk={ask}
          />
        </Box>
        <Composer
          onSend={(question) => ask({ question })}
          disabled={gptSystemId === null || agentUnavailable || conversationGone}
          notice={
            conversationGone && conversation // without it, the pane says so
              ? t("conversation.gone")
              : conversationId && agentUnavailable
                ? (agentRefusal(details.error, t) ?? t("conversation.agentGone"))
                : undefined
          }
        />
      </Box>
      <ExecutionDetailsDrawer
        conversationId={conversationId}
        shownSegments={conversation?.conversationSegmentTree.segments ?? NO_SEGMENTS}
      />
    </Box>
  );
}
