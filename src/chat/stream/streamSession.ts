/**
 * Applies one stream's frames to the chat state, per spec §4 "Stream events".
 * A session is detached as soon as the user shows another conversation: the
 * chunks that still arrive are ignored ("answer chunks that arrive after the
 * change are ignored"), while the server keeps the answer.
 */
import type { QueryClient } from "@tanstack/react-query";
import { storeCosmosHeaders } from "../../app/api/cosmosSession";
import { authStore, selectUserId } from "../../app/auth/authStore";
import type { components } from "../../generated/api";
import { conversationKeys } from "../conversation/conversationKeys";
import { chatQueryKeys } from "../queries/chatQueryKeys";
import { refreshListHeads } from "../queries/refreshListHeads";
import { chatActions, chatStore, onConversationCleared } from "../state/chatStore";
import type { StreamFrame } from "./frameParser";
import { isLivePhaseActive, liveAnswerActions, liveAnswerStore, type LivePhase } from "./liveAnswerStore";

type Schemas = components["schemas"];

interface ResponseModel {
  conversationSegmentId: string;
  status: Schemas["SegmentStatus"];
  citations: Schemas["Citation"][];
  errorText: string | null;
}

const finalPhase: Record<Schemas["SegmentStatus"], LivePhase> = {
  Pending: "pending",
  Streaming: "streaming",
  Complete: "complete",
  Aborted: "aborted",
  Failed: "failed",
};

export interface StreamSession {
  apply(frame: StreamFrame): void;
  /** Whether conversation-and-segment-id arrived (the server accepted the question). */
  readonly accepted: boolean;
  readonly conversationId: string | null;
  /** The answer's segment, once conversation-and-segment-id arrived. */
  readonly segmentId: string | null;
  /** Whether response-model came with a final status (the server has stored the answer). */
  readonly final: boolean;
  /** The stream ended (no-more-data, or the body closed): caches are refreshed. */
  ended(): void;
  dispose(): void;
}

export function createStreamSession(
  streamId: number,
  initialConversationId: string | null,
  queryClient: QueryClient,
  kind: "ask" | "follow",
  /**
   * The answer's final state is stored (response-model): the page may ask again while the stream
   * goes on to its end (a new conversation's title is generated and stored before no-more-data).
   */
  onAnswerFinal: () => void,
): StreamSession {
  let conversationId = initialConversationId;
  let segmentId: string | null = null;
  let accepted = false;
  let detached = false;
  const detach = () => {
    if (detached) return;
    detached = true;
    liveAnswerActions.clearIf(streamId);
  };
  const unsubscribe = chatStore.subscribe(() => {
    if (chatStore.getState().currentConversationId !== conversationId) detach();
  });
  // New Chat, or another agent, while a new chat's first answer is being named: its conversation id (null) is
  // the page's still, but the page has left it.
  const stopListening = onConversationCleared(detach);

  const completeIfActive = () => {
    const { live } = liveAnswerStore.getState();
    if (live?.streamId === streamId && isLivePhaseActive(live.phase)) liveAnswerActions.finish(streamId, "complete");
  };

  /** Refetches the conversation, unless another stream has begun since (its question may be stored already). */
  let refreshedFinal = false;
  const startsConversation = initialConversationId === null && kind === "ask";
  const refreshConversation = () => {
    const { live } = liveAnswerStore.getState();
    if (!conversationId || (live && live.streamId !== streamId && isLivePhaseActive(live.phase))) return;
    // A fetch begun before the answer was final (its first, while the answer streamed) would
    // otherwise be kept and land after this one: it is cancelled, not reused.
    const queryKey = conversationKeys.one(conversationId);
    void queryClient.cancelQueries({ queryKey }).then(() => queryClient.invalidateQueries({ queryKey }));
  };

  const appendText = (data: unknown) => {
    if (typeof data === "string") liveAnswerActions.appendText(streamId, data);
  };

  const handlers: Record<string, (data: unknown) => void> = {
    "conversation-and-segment-id": (data) => {
      const ids = data as { conversationId: string; conversationSegmentId: string };
      accepted = true;
      segmentId = ids.conversationSegmentId;
      liveAnswerActions.update(streamId, { conversationId: ids.conversationId, segmentId: ids.conversationSegmentId });
      if (conversationId === null && kind === "ask") {
        // The new conversation becomes the current one; it is this stream's own, so not "changed".
        conversationId = ids.conversationId;
        chatActions.setCurrentConversation(ids.conversationId);
        chatStore.setState({ conversationChanged: false });
        // It is stored (titled after its question until the model names it): the list shows it, as
        // the current one, while its first answer streams.
        refreshListHeads(queryClient);
      }
      chatStore.setState({ currentConversationSegmentId: ids.conversationSegmentId, codeInterpreterResponse: "" });
    },
    "segment-answered-with-gpt-system": (data) => {
      const agent = data as Schemas["GptSystemReference"];
      liveAnswerActions.update(streamId, { answeredWithGptSystem: agent });
      chatActions.setCurrentGptSystem(agent.gptSystemId);
    },
    "cosmos-db-session-tokens": (data) => {
      const headers = data as Record<string, string>;
      storeCosmosHeaders(headers);
      chatStore.setState((state) => ({ cosmosDbSessionTokens: { ...state.cosmosDbSessionTokens, ...headers } }));
    },
    "response-updated": appendText,
    error: appendText,
    "internal-server-error": appendText,
    "step-update": (data) => {
      if (typeof data === "string") liveAnswerActions.setStatus(streamId, data);
    },
    "generated-image-link": (data) => {
      const link =
        typeof data === "string" ? { url: data, fileName: "image" } : (data as { url: string; fileName?: string });
      appendText(`\n\n![${link.fileName ?? "image"}](${link.url})\n\n`);
    },
    "code-interpreter-updated": (data) => {
      if (typeof data !== "string") return;
      chatStore.setState((state) => ({
        codeInterpreterResponse: state.codeInterpreterResponse + data,
        codeInterpreterUpdating: true,
      }));
    },
    "response-model": (data) => {
      const model = data as ResponseModel;
      const phase = finalPhase[model.status];
      const final = !isLivePhaseActive(phase);
      liveAnswerActions.update(streamId, {
        segmentId: model.conversationSegmentId,
        citations: model.citations,
        errorText: model.errorText,
        storedFinal: final,
      });
      chatStore.setState({ currentConversationSegmentId: model.conversationSegmentId, codeInterpreterUpdating: false });
      if (!final) return;
      liveAnswerActions.finish(streamId, phase as "complete" | "aborted" | "failed");
      // The server's copy is final too: fetched now, it is current before another question is asked.
      refreshConversation();
      refreshedFinal = true;
      onAnswerFinal();
    },
    "no-more-data": () => completeIfActive(),
  };

  return {
    apply(frame) {
      if (detached) return;
      handlers[frame.event]?.(frame.data);
    },
    get accepted() {
      return accepted;
    },
    get conversationId() {
      return conversationId;
    },
    get segmentId() {
      return segmentId;
    },
    get final() {
      return refreshedFinal;
    },
    ended() {
      completeIfActive();
      refreshListHeads(queryClient);
      // The agent that answered is now the most recently used (the Agents tab's Recent list).
      if (kind === "ask")
        void queryClient.invalidateQueries({
          queryKey: chatQueryKeys.recentAgents(selectUserId(authStore.getState())),
        });
      // Fetched once per answer: again only when a new conversation's title came after its final answer.
      if (!refreshedFinal || startsConversation) refreshConversation();
    },
    dispose() {
      unsubscribe();
      stopListening();
    },
  };
}
