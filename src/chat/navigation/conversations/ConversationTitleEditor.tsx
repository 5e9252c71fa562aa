import InputBase from "@mui/material/InputBase";
import { alpha } from "@mui/material/styles";
import { type CompositionEvent, type KeyboardEvent, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { hasVisibleText } from "../../../app/input/hasVisibleText";
import { isComposingKey } from "../../../app/input/isComposingKey";

/** Spec §5: a conversation title is at most 50 characters. */
export const TITLE_MAX_LENGTH = 50;

/** Characters as the server counts them (code points): an emoji is one, not two UTF-16 units. */
const charactersOf = (text: string) => [...text];

const graphemes = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/** The longest start of `text` of at most `room` characters that ends between graphemes (a flag or an accent kept whole). */
function startWithin(text: string, room: number): string {
  let kept = "";
  let count = 0;
  for (const { segment } of graphemes.segment(text)) {
    count += charactersOf(segment).length;
    if (count > room) break;
    kept += segment;
  }
  return kept;
}

const isHighSurrogate = (unit: string | undefined) => unit !== undefined && unit >= "\ud800" && unit <= "\udbff";

/**
 * The field's next value within the limit, as maxLength would make it but counting characters: what
 * was typed or pasted (in place of any selection) is cut to the room left, between graphemes (the
 * server would store half an emoji's surrogate pair as U+FFFD, and half a flag is another symbol);
 * a full field takes no more. Deleting from a longer title is always allowed.
 */
function fitTitle(previous: string, next: string): string {
  const characters = charactersOf(next);
  if (characters.length <= TITLE_MAX_LENGTH || characters.length < charactersOf(previous).length) return next;
  // What the edit inserted: between the text it kept before and after it.
  let start = 0;
  while (start < previous.length && previous[start] === next[start]) start++;
  if (isHighSurrogate(next[start - 1])) start--;
  let end = 0;
  while (end < previous.length - start && end < next.length - start && previous.at(-1 - end) === next.at(-1 - end))
    end++;
  if (end > 0 && isHighSurrogate(next[next.length - end - 1])) end--;
  const before = next.slice(0, start);
  const after = next.slice(next.length - end);
  const room = TITLE_MAX_LENGTH - charactersOf(before).length - charactersOf(after).length;
  return before + startWithin(next.slice(start, next.length - end), Math.max(0, room)) + after;
}

export interface ConversationTitleEditorProps {
  /** The conversation's title now: one that arrives while the field is open (the generated one) replaces it until the user types. */
  currentTitle: string;
  onSubmit(title: string): void;
  onCancel(): void;
}

/**
 * The inline title field that replaces a row's title (spec §4 "Title
 * editing"): Enter submits and leaves edit mode; Escape, or clicking or
 * tabbing outside, cancels.
 */
export function ConversationTitleEditor({ currentTitle, onSubmit, onCancel }: ConversationTitleEditorProps) {
  const { t } = useTranslation();
  // What the user typed; until then the field shows the title as it is now. Enter on a title the user
  // did not touch changes nothing: it would put back a title the server has replaced meanwhile.
  // The whole title: cutting it here would change it (and Enter would send that) without the user's doing.
  const [typed, setTyped] = useState<string | null>(null);
  const title = typed ?? currentTitle;
  // While an input method composes a word, its reading may run past the limit (とうきょう before 東京):
  // the limit applies to the word chosen, against the title before it.
  const beforeComposition = useRef<string | null>(null);

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (isComposingKey(event)) return;
    if (event.key === "Enter") {
      event.preventDefault();
      const trimmed = title.trim();
      if (typed !== null && hasVisibleText(trimmed) && trimmed !== currentTitle) onSubmit(trimmed);
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
        setTyped((previous) => (beforeComposition.current === null ? fitTitle(previous ?? currentTitle, next) : next));
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
          setTyped(fitTitle(before, event.currentTarget.value));
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
