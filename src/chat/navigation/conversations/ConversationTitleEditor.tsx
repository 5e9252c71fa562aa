import InputBase from "@mui/material/InputBase";
import { alpha } from "@mui/material/styles";
import { type KeyboardEvent, useState } from "react";
import { useTranslation } from "react-i18next";

/** Spec §5: a conversation title is at most 50 characters. */
export const TITLE_MAX_LENGTH = 50;

/** Characters as the server counts them (code points): an emoji is one, not two UTF-16 units. */
const charactersOf = (text: string) => [...text];

/**
 * The field's next value within the limit. A full field takes no more, as maxLength would; a paste is cut
 * to what still fits, between characters, never inside an emoji's surrogate pair (the server would store a
 * lone half as U+FFFD). Deleting from a longer title is always allowed.
 */
function fitTitle(previous: string, next: string): string {
  const characters = charactersOf(next);
  if (characters.length <= TITLE_MAX_LENGTH || characters.length < charactersOf(previous).length) return next;
  return charactersOf(previous).length >= TITLE_MAX_LENGTH ? previous : characters.slice(0, TITLE_MAX_LENGTH).join("");
}

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
  // The whole title: cutting it here would change it (and Enter would send that) without the user's doing.
  const [title, setTitle] = useState(initialTitle);

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
      onChange={(event) => {
        const next = event.target.value;
        setTitle((previous) => fitTitle(previous, next));
      }}
      onKeyDown={handleKeyDown}
      onBlur={onCancel}
      onFocus={(event) => event.target.select()}
      // No maxLength attribute: it counts UTF-16 units, so it stopped at 25 emoji (fitTitle keeps the limit).
      inputProps={{ "aria-label": t("conversations.titleLabel") }}
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
