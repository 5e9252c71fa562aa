import InputBase from "@mui/material/InputBase";
import { alpha } from "@mui/material/styles";
import { type KeyboardEvent, useState } from "react";
import { useTranslation } from "react-i18next";

/** Spec §5: a conversation title is at most 50 characters. */
export const TITLE_MAX_LENGTH = 50;

export interface ConversationTitleEditorProps {
  initialTitle: string;
  onSubmit(title: string): void;
  onCancel(): void;
}

/**
 * The inline title field that replaces a row's title (spec §4 "Title
 * editing"): Enter submits and leaves edit mode; Escape, or clicking or
 * tabbing outside, cancels.
 */
export function ConversationTitleEditor({ initialTitle, onSubmit, onCancel }: ConversationTitleEditorProps) {
  const { t } = useTranslation();
  const [title, setTitle] = useState(initialTitle.slice(0, TITLE_MAX_LENGTH));

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter") {
      event.preventDefault();
      const trimmed = title.trim();
      if (trimmed && trimmed !== initialTitle) onSubmit(trimmed);
      else onCancel();
    } else if (event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation();
      onCancel();
    }
  };

  return (
    <InputBase
      autoFocus
      fullWidth
      value={title}
      onChange={(event) => setTitle(event.target.value.slice(0, TITLE_MAX_LENGTH))}
      onKeyDown={handleKeyDown}
      onBlur={onCancel}
      onFocus={(event) => event.target.select()}
      inputProps={{ maxLength: TITLE_MAX_LENGTH, "aria-label": t("conversations.titleLabel") }}
      sx={(theme) => ({
        height: 30,
        px: 1,
        mx: 0.5,
        fontSize: "0.875rem",
        color: theme.palette.menu.textPrimary,
        bgcolor: alpha(theme.palette.menu.textPrimary, 0.08),
        borderRadius: 1.5,
        boxShadow: `inset 0 0 0 1.5px ${theme.palette.primary.main}`,
      })}
    />
  );
}
