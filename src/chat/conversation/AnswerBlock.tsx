import Box from "@mui/material/Box";
import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import { visuallyHidden } from "../../app/a11y/visuallyHidden";
import { CitedAnswer } from "../citations/CitedAnswer";
import { SegmentCodeInterpreter } from "../codeInterpreter/SegmentCodeInterpreter";
import { isLivePhaseActive, type LiveAnswer } from "../stream/liveAnswerStore";
import { AgentAvatar } from "./AgentAvatar";
import { AnswerActions } from "./AnswerActions";
import { AnswerNotice, AnswerStatusMark } from "./AnswerStatusMark";
import type { ConversationSegment, GptSystemReference } from "./conversationTypes";
import { CitationList } from "./lazyAnswerParts";
import { LiveAnswerBody } from "./LiveAnswerBody";

export interface AnswerBlockProps {
  conversationId: string | null;
  segment: ConversationSegment | null;
  live: LiveAnswer | null;
  /** The page's agent, shown until the stream names the answering one. */
  fallbackAgent: Pick<GptSystemReference, "gptSystemId" | "name"> | null;
  busy: boolean;
  /** Absent when the conversation can only be read (its agent is gone). */
  onRegenerate?: () => void;
}

const NO_CITATIONS: ConversationSegment["citations"] = [];
const livePhaseStatus = { aborted: "Aborted", failed: "Failed" } as const;

/** An agent's answer: avatar and name, the text, its status mark and its actions. */
export function AnswerBlock({ conversationId, segment, live, fallbackAgent, busy, onRegenerate }: AnswerBlockProps) {
  const { t } = useTranslation();
  const agent = live?.answeredWithGptSystem ?? segment?.answeredWithGptSystem ?? fallbackAgent;
  const active = live !== null && isLivePhaseActive(live.phase);
  const status = live
    ? live.phase === "aborted" || live.phase === "failed"
      ? livePhaseStatus[live.phase]
      : null
    : segment?.status === "Aborted" || segment?.status === "Failed"
      ? segment.status
      : null;
  // While streaming, error events were appended to the text itself; the mark then adds no second copy. A live
  // answer's own error (its connection lost, errorText set while the server has stored no final state) is shown.
  const errorText = live ? (live.storedFinal ? null : live.errorText) : (segment?.errorText ?? null);
  const failed = status === "Failed";
  // While the answer streams, the notice came as an error event and is part of the live text.
  const notice = !live && segment?.status === "Complete" ? segment.errorText : null;
  const citations = live ? live.citations : (segment?.citations ?? NO_CITATIONS);

  return (
    <Box
      data-testid="answer"
      data-status={status ?? (active ? "Streaming" : "Complete")}
      sx={{ display: "flex", gap: 1.5, mt: 2.5 }}
    >
      <Box sx={{ pt: 0.25 }}>
        <AgentAvatar gptSystemId={agent?.gptSystemId ?? null} name={agent?.name ?? "?"} />
      </Box>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Box component="h2" sx={visuallyHidden}>
          {t("conversation.agentSaid", { name: agent?.name ?? "" })}
        </Box>
        {/* One line: a long name (150 characters, maybe one word) ends in "…", whole in its tooltip. */}
        <Box
          aria-hidden
          title={agent?.name}
          sx={{
            fontWeight: 600,
            fontSize: 14,
            mb: 0.5,
            lineHeight: "28px",
            overflow: "hidden",
            textOverflow: "ellipsis",
            whiteSpace: "nowrap",
          }}
        >
          {agent?.name}
        </Box>
        <SegmentCodeInterpreter conversationId={conversationId} segment={segment} live={live} />
        <Box sx={failed ? { color: "text.secondary" } : undefined}>
          {live ? (
            <LiveAnswerBody active={active} />
          ) : (
            segment &&
            segment.answer !== "" && (
              <CitedAnswer
                segmentId={segment.conversationSegmentId}
                text={segment.answer}
                citations={segment.citations}
              />
            )
          )}
        </Box>
        {citations.length > 0 && (
          <Suspense fallback={null}>
            <CitationList
              conversationId={live?.conversationId ?? conversationId}
              segmentId={segment?.conversationSegmentId ?? live?.segmentId ?? null}
              citations={citations}
            />
          </Suspense>
        )}
        {status && <AnswerStatusMark status={status} errorText={errorText} />}
        {notice && <AnswerNotice text={notice} />}
        {!live && segment && conversationId && (
          <AnswerActions conversationId={conversationId} segment={segment} busy={busy} onRegenerate={onRegenerate} />
        )}
      </Box>
    </Box>
  );
}
