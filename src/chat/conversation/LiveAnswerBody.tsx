import { useTranslation } from "react-i18next";
import { useStore } from "../../app/store/useStore";
import { StreamingMarkdown } from "../markdown/StreamingMarkdown";
import { liveTextStore } from "../stream/liveAnswerStore";

/**
 * The growing answer: the only component that subscribes to the streamed text,
 * so a chunk re-renders this text and nothing else (not even the status line).
 */
function LiveAnswerText() {
  const answer = useStore(liveTextStore, (state) => state.answer);
  return answer !== "" ? <StreamingMarkdown text={answer} /> : null;
}

/** The cursor (blinking until the first words) and the status line ("Thinking…" until then). */
function LiveAnswerStatus() {
  const { t } = useTranslation();
  const status = useStore(liveTextStore, (state) => state.status);
  const empty = useStore(liveTextStore, (state) => state.answer === "");
  return (
    <div className="chat-live-status">
      <span
        className={empty ? "chat-streaming-cursor chat-streaming-cursor-waiting" : "chat-streaming-cursor"}
        data-testid="streaming-cursor"
        aria-hidden
      />
      {(status !== "" || empty) && <span role="status">{status || t("conversation.thinking")}</span>}
    </div>
  );
}

export function LiveAnswerBody({ active }: { active: boolean }) {
  return (
    <>
      <LiveAnswerText />
      {active && <LiveAnswerStatus />}
    </>
  );
}
