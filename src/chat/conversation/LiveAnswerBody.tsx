import { useTranslation } from "react-i18next";
import { useStore } from "../../app/store/useStore";
import { StreamingMarkdown } from "../markdown/StreamingMarkdown";
import { liveTextStore } from "../stream/liveAnswerStore";

/**
 * The growing answer: the only component that subscribes to the streamed text,
 * so a chunk re-renders this message and nothing else.
 */
export function LiveAnswerBody({ active }: { active: boolean }) {
  const { t } = useTranslation();
  const answer = useStore(liveTextStore, (state) => state.answer);
  const status = useStore(liveTextStore, (state) => state.status);
  return (
    <>
      {answer !== "" && <StreamingMarkdown text={answer} />}
      {active && (
        <div className="chat-live-status">
          <span className="chat-streaming-cursor" data-testid="streaming-cursor" aria-hidden />
          {(status !== "" || answer === "") && <span role="status">{status || t("conversation.thinking")}</span>}
        </div>
      )}
    </>
  );
}
