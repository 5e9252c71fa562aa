import { Suspense } from "react";
import { useStore } from "../../app/store/useStore";
import type { ConversationSegment } from "../conversation/conversationTypes";
import { CodeInterpreterPanel } from "../conversation/lazyAnswerParts";
import { chatStore } from "../state/chatStore";
import type { LiveAnswer } from "../stream/liveAnswerStore";

const NO_FILES: NonNullable<ConversationSegment["openAIFileReferences"]> = [];

export interface SegmentCodeInterpreterProps {
  conversationId: string | null;
  segment: ConversationSegment | null;
  live: LiveAnswer | null;
}

/**
 * The code interpreter part of an answer: while it streams, the chat state's
 * response (spec §3, grown by `code-interpreter-updated`); once stored, the
 * segment's own copy and its openAIFileReferences.
 */
export function SegmentCodeInterpreter({ conversationId, segment, live }: SegmentCodeInterpreterProps) {
  const liveHere = live !== null && (segment === null || live.segmentId === segment.conversationSegmentId);
  // Only the streaming answer reads the growing response: the other answers do not re-render per chunk.
  const streamed = useStore(chatStore, (state) => (liveHere ? state.codeInterpreterResponse : ""));
  const updating = useStore(chatStore, (state) => liveHere && state.codeInterpreterUpdating);
  const markdown = liveHere && streamed !== "" ? streamed : (segment?.codeInterpreterResponse ?? "");
  const files = segment?.openAIFileReferences ?? NO_FILES;
  if (markdown === "" && files.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <CodeInterpreterPanel
        markdown={markdown}
        streaming={liveHere && updating}
        conversationId={live?.conversationId ?? conversationId}
        conversationSegmentId={segment?.conversationSegmentId ?? live?.segmentId ?? null}
        files={files}
      />
    </Suspense>
  );
}
