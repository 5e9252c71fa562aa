import { memo } from "react";
import { useTranslation } from "react-i18next";
import { composerActions } from "../composer/composerStore";
import { useEndInView, type EndInView } from "./useStickToBottom";

/** ArrowDownwardRounded (Material icons), inline: no icon component to load. */
const ARROW_DOWN_ICON =
  "M11 5v11.17l-4.88-4.88c-.39-.39-1.03-.39-1.42 0s-.39 1.02 0 1.41l6.59 6.59c.39.39 1.02.39 1.41 0l6.59-6.59c.39-.39.39-1.02 0-1.41a.996.996 0 0 0-1.41 0L13 16.17V5c0-.55-.45-1-1-1s-1 .45-1 1";

/**
 * Shown when the end is out of view: back to the latest message. It reads whether the end is in view
 * itself, so that its appearing mid-stream re-renders only this button, and it is memoized: the list
 * re-renders while an answer streams. A plain button styled by the list's styles (`.chat-jump-latest`),
 * shown at once: a MUI button would add its styles to the page (restyling the whole page), a
 * transition component would read the layout as it starts, and an animation would be composited as a
 * layer of its own.
 */
export const JumpToLatestButton = memo(function JumpToLatestButton({
  endInView,
  onClick,
}: {
  endInView: EndInView;
  onClick(): void;
}) {
  const { t } = useTranslation();
  const atEnd = useEndInView(endInView);
  if (atEnd) return null;
  return (
    <button
      type="button"
      className="chat-jump-latest"
      aria-label={t("conversation.jumpToLatest")}
      title={t("conversation.jumpToLatest")}
      onClick={(event) => {
        onClick();
        // Pressed with the keyboard: the button goes away with the focus; the message box takes it.
        if (event.detail === 0) composerActions.focus();
      }}
    >
      <svg viewBox="0 0 24 24" aria-hidden focusable="false">
        <path d={ARROW_DOWN_ICON} />
      </svg>
    </button>
  );
});
