/**
 * Asking in the public chat: posts the question, folds the answer's events into one live turn
 * (the test chat's reducer, draftChatState.ts) and, once the stream is over, refetches the stored
 * conversation and the session's list, which then show the answer as saved. The running stream is
 * registered with the chat store, so 'New Chat' in the navigation stops it like in the chat.
 */
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { problemReasonOf } from "../../app/api/problem";
import { logger } from "../../app/logger";
import type { components } from "../../generated/api";
import { composerFilesActions, type ComposerFile } from "../attachments/composerFilesStore";
import { applyDraftFrame, emptyDraftChat, endTurn, withQuestion, type DraftTurn } from "../draftChat/draftChatState";
import { chatActions } from "../state/chatStore";
import { readFrames } from "../stream/frameParser";
import { postPublicQuestion } from "./publicChatApi";
import { publicChatKeys } from "./publicChatQueries";

export interface PublicAskTarget {
  gptPublicEndpoint: string;
  sessionIdentifier: string;
  conversationId: string | null;
  /** A new conversation's id arrived: the page shows it (and its address names it, for a reload). */
  onConversationStarted(conversationId: string): void;
}

type VisionImage = components["schemas"]["VisionImage"];

/** Regenerate and edit ask under a question's parent (null: a new first question), with its images again. */
export interface PublicBranchAsk {
  parentSegmentId: string | null;
  visionImages: readonly VisionImage[];
}

export function usePublicAsk(target: PublicAskTarget, genericFailure: string) {
  const queryClient = useQueryClient();
  const [live, setLive] = useState<DraftTurn | null>(null);
  // The live turn's images, shown with its question until the saved copy (with visionImageFiles) is read back.
  const [liveImages, setLiveImages] = useState<readonly VisionImage[]>([]);
  // Where the live turn hangs: undefined below the shown path's end, else below this segment (null: first).
  const [liveParent, setLiveParent] = useState<string | null | undefined>(undefined);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [streaming, setStreaming] = useState(false);
  const controller = useRef<AbortController | null>(null);
  // Read when asking: the question goes to the conversation shown at that moment.
  const latest = useRef(target);
  useEffect(() => {
    latest.current = target;
  }, [target]);

  useEffect(() => () => controller.current?.abort(), []);

  const ask = useCallback(
    /** Resolves false when the question was refused before it was stored (the caller gives its text back). */
    async (question: string, files: readonly ComposerFile[] = [], branch?: PublicBranchAsk): Promise<boolean> => {
      const { gptPublicEndpoint, sessionIdentifier, conversationId } = latest.current;
      const abort = new AbortController();
      controller.current = abort;
      chatActions.beginStream(abort);
      setRefusal(null);
      setStreaming(true);
      let state = withQuestion(emptyDraftChat, question);
      let askedIn = conversationId;
      const show = () => setLive(state.turns[0] ?? null);
      const visionImages = branch
        ? branch.visionImages
        : files.flatMap((file) => (file.visionImage ? [file.visionImage] : []));
      setLiveImages(visionImages);
      setLiveParent(branch?.parentSegmentId);
      show();
      let stored = true;
      try {
        const { data } = await postPublicQuestion(
          { gptPublicEndpoint, sessionIdentifier, conversationId },
          {
            question,
            ...(visionImages.length > 0 ? { visionImageIds: visionImages.map((image) => image.visionImageId) } : {}),
            ...(branch ? { parentSegmentId: branch.parentSegmentId } : {}),
          },
          abort.signal,
        );
        if (!data) throw new Error("The answer stream has no body.");
        await readFrames(
          data,
          (frame) => {
            state = applyDraftFrame(state, frame);
            if (askedIn === null && state.conversationId) {
              askedIn = state.conversationId;
              latest.current.onConversationStarted(askedIn);
            }
            show();
          },
          abort.signal,
        );
        state = endTurn(state, "Complete");
      } catch (error) {
        if (abort.signal.aborted) state = endTurn(state, "Aborted");
        else {
          logger.error("The public chat question failed.", error);
          state = endTurn(state, "Failed");
          setRefusal(problemReasonOf(error) ?? genericFailure);
          // Refused before the question was stored: it goes back to the composer with its images, to be sent again.
          if (!state.turns[0]?.conversationSegmentId) {
            stored = false;
            composerFilesActions.restore(files);
          }
        }
      } finally {
        show();
        chatActions.endStream(abort);
        if (controller.current === abort) controller.current = null;
      }
      // The saved copy replaces the live turn once it is read back (the server marks an aborted answer too).
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: publicChatKeys.list(sessionIdentifier) }),
        askedIn
          ? queryClient.invalidateQueries({ queryKey: publicChatKeys.conversation(sessionIdentifier, askedIn) })
          : null,
      ]);
      if (askedIn || !stored) setLive(null);
      setStreaming(false);
      return stored;
    },
    [queryClient, genericFailure],
  );

  const stop = useCallback(() => controller.current?.abort(), []);
  const forget = useCallback(() => {
    controller.current?.abort();
    setLive(null);
    setRefusal(null);
  }, []);

  return { live, liveImages, liveParent, streaming, refusal, ask, stop, forget };
}
