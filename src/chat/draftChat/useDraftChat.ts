/** Asking in the test chat: posts through the typed client and folds the answer's events into the panel's state. */
import { useCallback, useEffect, useRef, useState } from "react";
import { problemReasonOf } from "../../app/api/problem";
import { logger } from "../../app/logger";
import { readFrames } from "../stream/frameParser";
import { postDraftQuestion, type DraftChatTarget } from "./draftChatApi";
import { applyDraftFrame, emptyDraftChat, endTurn, withQuestion, type DraftChatState } from "./draftChatState";

export interface DraftChat {
  state: DraftChatState;
  streaming: boolean;
  /** The server's reason when it refused the question (budget, access), or a generic failure. */
  refusal: string | null;
  ask(question: string): Promise<void>;
  stop(): void;
  /** A new test conversation. */
  reset(): void;
}

export function useDraftChat(target: DraftChatTarget, genericFailure: string): DraftChat {
  const [state, setState] = useState<DraftChatState>(emptyDraftChat);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [streaming, setStreaming] = useState(false);
  const controller = useRef<AbortController | null>(null);
  // Read when asking, set by the stream: the next question goes into the same test conversation.
  const conversationId = useRef<string | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const ask = useCallback(
    async (question: string) => {
      const abort = new AbortController();
      controller.current = abort;
      setRefusal(null);
      setStreaming(true);
      setState((s) => withQuestion(s, question));
      try {
        const { data } = await postDraftQuestion(target, conversationId.current, { question }, abort.signal);
        if (!data) throw new Error("The answer stream has no body.");
        await readFrames(
          data,
          (frame) => {
            if (frame.event === "conversation-and-segment-id")
              conversationId.current = (frame.data as { conversationId: string }).conversationId;
            setState((s) => applyDraftFrame(s, frame));
          },
          abort.signal,
        );
        setState((s) => endTurn(s, "Complete"));
      } catch (error) {
        if (abort.signal.aborted) setState((s) => endTurn(s, "Aborted"));
        else {
          logger.error("The test question failed.", error);
          setState((s) => endTurn(s, "Failed"));
          setRefusal(problemReasonOf(error) ?? genericFailure);
        }
      } finally {
        if (controller.current === abort) controller.current = null;
        setStreaming(false);
      }
    },
    [target, genericFailure],
  );

  const stop = useCallback(() => controller.current?.abort(), []);
  const reset = useCallback(() => {
    controller.current?.abort();
    conversationId.current = null;
    setRefusal(null);
    setState(emptyDraftChat);
  }, []);

  return { state, streaming, refusal, ask, stop, reset };
}
