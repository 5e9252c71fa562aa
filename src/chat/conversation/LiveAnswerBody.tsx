import { useTranslation } from "react-i18next";
import { useStore } from "../../app/store/useStore";
import { LiveStreamingMarkdown, type LiveTextSource } from "../markdown/StreamingMarkdown";
import { liveTextStore } from "../stream/liveAnswerStore";

const liveText: LiveTextSource = {
  getText: () => liveTextStore.getState().answer,
  subscribe: liveTextStore.subscribe,
  ended: () => liveTextStore.getState().ended,
};

/**
 * The growing answer: the only component that reads the streamed text, and it
 * reads it from the store itself, so a chunk renders this text and nothing else
 * (not even the status line); most chunks not even through React.
 */
function LiveAnswerText() {
  const empty = useStore(liveTextStore, (state) => state.answer === "");
  return empty ? null : <LiveStreamingMarkdown source={liveText} />;
}

/**
 * The cursor (blinking until the first words) and the status line ("Thinking…" until then). Not a live
 * region: it comes into the page with its text, which not every screen reader reads; AnswerAnnouncer says it.
 */
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
      {(status !== "" || empty) && <span>{status || t("conversation.thinking")}</span>}
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
