import Box from "@mui/material/Box";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { visuallyHidden } from "../../app/a11y/visuallyHidden";
import { useStore } from "../../app/store/useStore";
import { isLivePhaseActive, liveTextStore, type LiveAnswer } from "../stream/liveAnswerStore";
import type { GptSystemReference } from "./conversationTypes";

export interface AnswerAnnouncerProps {
  /** The answer streaming in this view, if any. */
  live: LiveAnswer | null;
  /** The page's agent, named until the stream names the answering one. */
  fallbackAgent: Pick<GptSystemReference, "name"> | null;
}

/**
 * The one place where screen readers hear of an answer: politely, "Thinking…" when it starts, each step
 * the server reports ("Searching your files"), and once, when an answer seen streaming here ends
 * ("Assistant answered.", or why it did not). The message list is no live region: its chunks,
 * the stored row that replaces the live one and the rows the virtualizer puts back while the reader
 * scrolls would all be read out as new. Always in the page, so that its text changing is announced.
 */
export function AnswerAnnouncer({ live, fallbackAgent }: AnswerAnnouncerProps) {
  const { t } = useTranslation();
  // The stream seen active here: only its end is news (an answer that ended elsewhere, before this view, is not).
  const [watched, setWatched] = useState<number | null>(null);
  const [text, setText] = useState("");
  const status = useStore(liveTextStore, (state) => state.status);
  const [heardStatus, setHeardStatus] = useState("");
  const active = live !== null && isLivePhaseActive(live.phase);
  if (active && watched !== live.streamId) {
    setWatched(live.streamId);
    setHeardStatus(status);
    // A new text, so that the next answer's "… answered." is a change too, and read again.
    setText(status || t("conversation.thinking"));
  } else if (active && status !== heardStatus) {
    setHeardStatus(status);
    if (status) setText(status);
  } else if (!active && watched !== null) {
    setWatched(null);
    if (live?.streamId === watched) {
      const name = live.answeredWithGptSystem?.name ?? fallbackAgent?.name ?? "";
      if (live.phase === "complete") setText(t("conversation.answered", { name }));
      else if (live.phase === "aborted") setText(t("conversation.answerStopped", { name }));
      else {
        // The error in the provider's words (response-model's errorText), or the page's own (a lost connection).
        const error = live.errorText || t("conversation.failed");
        setText(t("conversation.answerFailed", { name, error }));
      }
    } else setText(""); // Refused before it was posted (the answer before it is back): its toast says why.
  }
  return (
    <Box role="status" sx={visuallyHidden}>
      {text}
    </Box>
  );
}
