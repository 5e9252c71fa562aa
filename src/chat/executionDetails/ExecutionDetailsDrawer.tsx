import Box from "@mui/material/Box";
import { useEffect, useRef } from "react";
import { authStore } from "../../app/auth/authStore";
import { useNavContext } from "../../app/layout/useNavContext";
import { LazyDrawer } from "../../app/lazy/LazyDrawer";
import { MountOnceOpened } from "../../app/lazy/MountOnceOpened";
import { useStore } from "../../app/store/useStore";
import type { ConversationSegment } from "../conversation/conversationTypes";
import { chatStore } from "../state/chatStore";
import { liveAnswerStore } from "../stream/liveAnswerStore";
import { executionDetailsActions, executionDetailsStore } from "./executionDetailsStore";
import { ExecutionDetailsPanel } from "./ExecutionDetailsPanel";

/**
 * Execution details of an answer (spec §3 displaySettings): open while
 * showChatExecutionDetailsDrawer is on; it shows the answer picked with
 * "Details" until a newer answer comes, else the latest answer
 * (useLatestChatSegmentForExecutionDetailsDrawer) or the current segment. A
 * side panel on desktop, a drawer on small screens.
 */
export function ExecutionDetailsDrawer({
  conversationId,
  shownSegments,
}: {
  conversationId: string | null;
  /** The answers on screen, in order (the conversation's selected path). */
  shownSegments: readonly Pick<ConversationSegment, "conversationSegmentId" | "siblingIds">[];
}) {
  const { isDesktop } = useNavContext();
  const open = useStore(authStore, (state) => state.displaySettings.showChatExecutionDetailsDrawer);
  const useLatest = useStore(authStore, (state) => state.displaySettings.useLatestChatSegmentForExecutionDetailsDrawer);
  const picked = inPlaceOf(
    useStore(executionDetailsStore, (state) => state.segmentId),
    shownSegments,
  );
  const current = useStore(chatStore, (state) => state.currentConversationSegmentId);
  // The answer streaming in this conversation is its latest, before the conversation's copy holds it.
  const live = useStore(liveAnswerStore, (state) =>
    state.live?.conversationId === conversationId ? state.live.segmentId : null,
  );
  const latestSegmentId = live ?? shownSegments.at(-1)?.conversationSegmentId ?? null;
  const segmentId = picked ?? (useLatest ? latestSegmentId : (current ?? latestSegmentId));
  // A newer answer (asked, regenerated, followed) or another conversation: the answer picked before is no
  // longer the one to show; the drawer follows the setting again instead of keeping an older answer's
  // figures. Another version of an answer chosen with the version switcher is not a newer answer: the
  // drawer shows the version now in the picked one's place (inPlaceOf).
  const streamId = useStore(liveAnswerStore, (state) => state.live?.streamId ?? null);
  const shown = useRef({ conversationId, streamId });
  useEffect(() => {
    const before = shown.current;
    shown.current = { conversationId, streamId };
    if (before.conversationId !== conversationId || (streamId !== null && before.streamId !== streamId))
      executionDetailsActions.unpick();
  }, [conversationId, streamId]);

  const panel = <ExecutionDetailsPanel conversationId={conversationId} segmentId={segmentId} />;

  if (isDesktop)
    return open ? (
      <Box sx={{ flex: "none", borderLeft: 1, borderColor: "divider", bgcolor: "background.paper", overflowY: "auto" }}>
        {panel}
      </Box>
    ) : null;
  return (
    <MountOnceOpened open={open}>
      <LazyDrawer anchor="right" open={open} onClose={executionDetailsActions.close}>
        {panel}
      </LazyDrawer>
    </MountOnceOpened>
  );
}

/**
 * The picked answer as it is on screen: itself while it is shown, the version shown in its place
 * after a switch of versions, and none once it is gone from the path (the drawer follows the setting).
 */
function inPlaceOf(
  picked: string | null,
  shown: readonly Pick<ConversationSegment, "conversationSegmentId" | "siblingIds">[],
): string | null {
  if (picked === null || shown.length === 0 || shown.some((segment) => segment.conversationSegmentId === picked))
    return picked;
  return shown.find((segment) => segment.siblingIds.includes(picked))?.conversationSegmentId ?? null;
}
