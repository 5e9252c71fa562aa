import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import InputBase from "@mui/material/InputBase";
import { useTranslation } from "react-i18next";
import { charactersOf, QUESTION_MAX_CHARACTERS, QuestionLengthStatus } from "../composer/questionLength";
import { isComposingKey } from "../../app/input/isComposingKey";
import { hasVisibleText } from "../../app/input/hasVisibleText";
import { isSendKey } from "../../app/input/isSendKey";

export interface QuestionEditorProps {
  /** The question as it was asked. */
  initial: string;
  /** The text being edited (kept by the caller: it outlives the editor, see questionEditorStore). */
  text: string;
  /** Some of the question's files were taken out: the question may be sent again as it was. */
  filesChanged: boolean;
  onChange(text: string): void;
  /** Takes the focus when it opens (not when it shows again); `onFocused` tells it was taken. */
  autoFocus: boolean;
  onFocused(): void;
  onCancel(): void;
  onSend(question: string): void;
}

/** Inline editor of a sent question: Enter or Send asks it again, Escape or Cancel leaves it unchanged. */
export function QuestionEditor({
  initial,
  text,
  filesChanged,
  onChange,
  autoFocus,
  onFocused,
  onCancel,
  onSend,
}: QuestionEditorProps) {
  const { t } = useTranslation();
  const characters = charactersOf(text.trim());
  const tooLong = characters > QUESTION_MAX_CHARACTERS;
  const canSend = hasVisibleText(text) && (text.trim() !== initial.trim() || filesChanged) && !tooLong;
  return (
    <Box
      component="form"
      onSubmit={(event) => {
        event.preventDefault();
        if (canSend) onSend(text.trim());
      }}
      sx={{ ml: "auto", width: "min(100%, 640px)", border: 1, borderColor: "primary.main", borderRadius: 3, p: 1.5 }}
    >
      <InputBase
        value={text}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={(event) => {
          if (isComposingKey(event)) return;
          if (event.key === "Escape") onCancel();
          else if (isSendKey(event)) {
            event.preventDefault();
            if (canSend) onSend(text.trim());
          }
        }}
        inputProps={{ "aria-label": t("conversation.editQuestion"), dir: "auto" }}
        // The caret at the end, as after typing the question: editing mostly adds to it.
        onFocus={(event) => {
          event.target.setSelectionRange(event.target.value.length, event.target.value.length);
          onFocused();
        }}
        multiline
        maxRows={12}
        autoFocus={autoFocus}
        fullWidth
        sx={{ fontSize: "0.96875rem", lineHeight: 1.6 }}
      />
      <QuestionLengthStatus characters={characters} />
      <Box sx={{ display: "flex", justifyContent: "flex-end", gap: 1, mt: 1 }}>
        <Button size="small" onClick={onCancel}>
          {t("conversation.cancel")}
        </Button>
        <Button size="small" type="submit" variant="contained" disabled={!canSend}>
          {t("conversation.send")}
        </Button>
      </Box>
    </Box>
  );
}
