import { type RefObject, useLayoutEffect, useState } from "react";

/** The composer frame once its question runs over a line: the question on the whole first row, the buttons below it. */
export const EXPANDED_FRAME_SX = {
  "& > .MuiInputBase-root": { flexBasis: "100%" },
  "& > [data-slot='composer-start']": { order: 1 },
  "& > :last-child": { order: 1, ml: "auto" },
} as const;

/**
 * Whether a question input has wrapped to a second line: it then takes its frame's whole width, the
 * buttons a row below it (EXPANDED_FRAME_SX); beside them, on a phone, it had a column of a few
 * words. One row again once the input is emptied.
 */
export function useExpandingInput(inputRef: RefObject<HTMLTextAreaElement | null>, value: string): boolean {
  const [expanded, setExpanded] = useState(false);
  if (expanded && value === "") setExpanded(false);
  useLayoutEffect(() => {
    const input = inputRef.current;
    if (!expanded && input && input.scrollHeight > 1.5 * parseFloat(getComputedStyle(input).lineHeight))
      setExpanded(true);
  }, [inputRef, value, expanded]);
  return expanded;
}
