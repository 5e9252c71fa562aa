import InputBase from "@mui/material/InputBase";
import { alpha } from "@mui/material/styles";
import { type CompositionEvent, type KeyboardEvent, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { isComposingKey } from "../../../app/input/isComposingKey";

/** Spec §5: a conversation title is at most 50 characters. */
export const TITLE_MAX_LENGTH = 50;

/** Characters as the server counts them (code points): an emoji is one, not two UTF-16 units. */
const charactersOf = (text: string) => [...text];

const graphemes = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/** The longest start of `text` within the limit that ends between graphemes (a flag or an accent kept whole). */
function startWithinLimit(text: string): string {
  let kept = "";
  let count = 0;
  for (const { segment } of graphemes.segment(text)) {
    count += charactersOf(segment).length;
    if (count > TITLE_MAX_LENGTH) break;
    kept += segment;
  }
  return kept;
}

/**
 * The field's next value within the limit. A full field takes no more, as maxLength would; a paste is cut
 * to what still fits, between graphemes (the server would store half an emoji's surrogate pair as U+FFFD,
 * and half a flag is another symbol). Deleting from a longer title is always allowed.
 */
function fitTitle(previous: string, next: string): string {
  const characters = charactersOf(next);
  if (characters.length <= TITLE_MAX_LENGTH || characters.length < charactersOf(previous).length) return next;
  return charactersOf(previous).length >= TITLE_MAX_LENGTH ? previous : startWithinLimit(next);
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
  // While an input method composes a word, its reading may run past the limit (とうきょう before 東京):
  // the limit applies to the word chosen, against the title before it.
  const beforeComposition = useRef<string | null>(null);

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (isComposingKey(event)) return;
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
        setTitle((previous) => (beforeComposition.current === null ? fitTitle(previous, next) : next));
      }}

      onKeyDown={handleKeyDown}
      onBlur={onCancel}
      onFocus={(event) => event.target.select()}
      // No maxLength attribute: it counts UTF-16 units, so it stopped at 25 emoji (fitTitle keeps the limit).
      inputProps={{
        "aria-label": t("conversations.titleLabel"),
        dir: "auto",
        onCompositionStart: () => {
          beforeComposition.current = title;
        },
        onCompositionEnd: (event: CompositionEvent<HTMLInputElement>) => {
          const before = beforeComposition.current ?? title;
          beforeComposition.current = null;
          setTitle(fitTitle(before, event.currentTarget.value));
        },
      }}
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
