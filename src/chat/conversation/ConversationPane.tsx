import Box from "@mui/material/Box";
import CircularProgress from "@mui/material/CircularProgress";
import Typography from "@mui/material/Typography";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { visuallyHidden } from "../../app/a11y/visuallyHidden";
import { useStore } from "../../app/store/useStore";
import { FileDropZone } from "../attachments/FileDropZone";
import { chatStore } from "../state/chatStore";
import { liveAnswerStore, type LiveAnswer } from "../stream/liveAnswerStore";
import { AgentIntroduction } from "./AgentIntroduction";
import { AnswerAnnouncer } from "./AnswerAnnouncer";
import { rememberShownPath } from "./branchMemory";
import { buildMessageItems } from "./buildMessageItems";
import type { Conversation, GptSystemReference } from "./conversationTypes";
import { MessageList } from "./MessageList";
import type { AskRequest } from "./useAsk";

export interface ConversationPaneProps {
  conversationId: string | null;
  conversation: Conversation | undefined;
  /** The conversation could not be read: "gone" when there is no such conversation for this user (deleted). */
  loadFailed: false | "gone" | "failed";
  gptSystemId: string | null;
  agent: Pick<GptSystemReference, "gptSystemId" | "name"> | null;
  noAgents: boolean;
  /** False when the agent may not be asked (gone, banned): the conversation is only read, without Edit or Regenerate. */
  canAsk: boolean;
  onAsk(request: AskRequest): void;
}

/**
 * The page's message area, where dropped files go to the composer (spec §2 tour step 3), and the
 * status that announces the end of an answer streamed here.
 */
export function ConversationPane(props: ConversationPaneProps) {
  const live = useStore(liveAnswerStore, (state) => state.live);
  // The live answer belongs here when it is this conversation's (or a new chat's, before its id arrives).
  const shownLive = live && live.conversationId === props.conversationId ? live : null;
  return (
    <>
      <FileDropZone>
        <ConversationContent {...props} shownLive={shownLive} />
      </FileDropZone>
      <AnswerAnnouncer live={shownLive} fallbackAgent={props.agent} />
    </>
  );
}

/**
 * A list of its own for each conversation (its place, its measured rows), but not when a new
 * conversation gets its id while its first answer streams: that list goes on as it is.
 */
function useListKey(conversationId: string | null): number {
  const [shown, setShown] = useState({ conversationId, key: 0 });
  if (shown.conversationId === conversationId) return shown.key;
  const key = shown.conversationId === null ? shown.key : shown.key + 1;
  setShown({ conversationId, key });
  return key;
}

/** The agent's introduction for a new chat, else the conversation. */
function ConversationContent({
  conversationId,
  conversation,
  loadFailed,
  gptSystemId,
  agent,
  noAgents,
  canAsk,
  onAsk,
  shownLive,
}: ConversationPaneProps & { shownLive: LiveAnswer | null }) {
  const { t } = useTranslation();
  const busy = useStore(chatStore, (state) => state.userConversationIsActive);
  const segments =
    conversation?.conversationId === conversationId ? conversation?.conversationSegmentTree.segments : undefined;
  const items = useMemo(() => buildMessageItems(segments ?? [], shownLive), [segments, shownLive]);
  const listKey = useListKey(conversationId);
  useEffect(() => {
    if (conversationId && segments) rememberShownPath(conversationId, segments);
  }, [conversationId, segments]);

  if (items.length > 0)
    return (
      <>
        {/* The page's heading, as the agent's introduction has one: its title, for a screen reader. */}
        <Box component="h1" sx={visuallyHidden}>
          {conversation?.conversationId === conversationId && conversation?.title
            ? conversation.title
            : t("conversation.messages")}
        </Box>
        <MessageList
          key={listKey}
          conversationId={conversationId}
          items={items}
          fallbackAgent={agent}
          busy={busy}
          onAsk={canAsk ? onAsk : undefined}
        />
      </>
    );
  if (conversationId === null)
    return (
      <AgentIntroduction gptSystemId={gptSystemId} noAgents={noAgents} onAsk={(question) => onAsk({ question })} />
    );
  return (
    <Box sx={{ position: "absolute", inset: 0, display: "grid", placeItems: "center" }}>
      {loadFailed ? (
        <Typography color="text.secondary" sx={{ textAlign: "center", px: 3 }}>
          {t(loadFailed === "gone" ? "conversation.gone" : "conversation.loadFailed")}
        </Typography>
      ) : (
        <CircularProgress size={28} aria-label={t("conversation.loading")} />
      )}
    </Box>
  );
}
