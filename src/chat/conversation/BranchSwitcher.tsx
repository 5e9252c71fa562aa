import ChevronLeftRoundedIcon from "@mui/icons-material/ChevronLeftRounded";
import ChevronRightRoundedIcon from "@mui/icons-material/ChevronRightRounded";
import Box from "@mui/material/Box";
import IconButton from "@mui/material/IconButton";
import { useLayoutEffect, useRef, type MouseEvent } from "react";
import { useTranslation } from "react-i18next";
import { visuallyHidden } from "../../app/a11y/visuallyHidden";
import { holdSwitcherInPlace } from "./holdSwitcherInPlace";

export interface BranchSwitcherProps {
  segmentId: string;
  /** Every segment with the same parent, this one included, oldest first (the segment's siblingIds). */
  siblingIds: readonly string[];
  disabled?: boolean;
  /** Shows the sibling's branch. */
  onSelect(conversationSegmentId: string): void;
}

type Direction = "previous" | "next";

/**
 * The version switched to by a press on "<" or ">" that had the focus. The branch shown
 * next is another message row, whose switcher is a new one: it takes the focus back, on the
 * same button (or the other one, when it is disabled at that end), so a keyboard user can go
 * on pressing Enter instead of starting again from the top of the page.
 */
let focusOnArrival: { siblings: string; from: string; direction: Direction; preventScroll: boolean } | undefined;

/**
 * "< 2/3 >" between the answers and edits that share a parent; nothing when there is one only.
 * Who stores the selection is the caller's (the signed-in chat's or the public chat's operation).
 */
export function BranchSwitcher({ segmentId, siblingIds, disabled, onSelect }: BranchSwitcherProps) {
  const { t } = useTranslation();
  const previous = useRef<HTMLButtonElement>(null);
  const next = useRef<HTMLButtonElement>(null);
  const index = siblingIds.indexOf(segmentId);
  const siblings = siblingIds.join(",");

  useLayoutEffect(() => {
    if (focusOnArrival?.siblings !== siblings || focusOnArrival.from === segmentId || disabled) return;
    const wanted = focusOnArrival.direction === "previous" ? previous.current : next.current;
    const button = wanted && !wanted.disabled ? wanted : wanted === previous.current ? next.current : previous.current;
    const { preventScroll } = focusOnArrival;
    focusOnArrival = undefined;
    button?.focus({ preventScroll });
  }, [segmentId, siblings, disabled]);

  if (siblingIds.length < 2 || index < 0) return null;
  const go = (target: number, direction: Direction, event: MouseEvent<HTMLButtonElement>) => {
    // Pressed with the keyboard (a click with no pointer), the focus follows to the new version's switcher,
    // scrolled into view if needed. After a pointer's press it goes there too, so that it does not fall
    // to the page, but without scrolling: the list is not moved to a switcher below a taller answer.
    const byKeyboard = event.detail === 0 && document.activeElement === event.currentTarget;
    if (document.activeElement === event.currentTarget)
      focusOnArrival = { siblings, from: segmentId, direction, preventScroll: !byKeyboard };
    if (!byKeyboard) holdSwitcherInPlace(event.currentTarget.parentElement!);
    onSelect(siblingIds[target]!);
  };
  return (
    <Box
      role="group"
      aria-label={t("conversation.branches")}
      sx={{ display: "inline-flex", alignItems: "center", color: "text.secondary", fontSize: 13, mr: 0.5 }}
    >
      <IconButton
        size="small"
        ref={previous}
        aria-label={t("conversation.previousBranch")}
        disabled={disabled || index === 0}
        onClick={(event) => go(index - 1, "previous", event)}
      >
        <ChevronLeftRoundedIcon fontSize="small" />
      </IconButton>
      {/* "2/2" is read as a date or a fraction: a screen reader hears "Version 2 of 2" instead. */}
      <Box component="span" aria-hidden sx={{ minWidth: 28, textAlign: "center", fontVariantNumeric: "tabular-nums" }}>
        {index + 1}/{siblingIds.length}
      </Box>
      <Box component="span" sx={visuallyHidden}>
        {t("conversation.branchPosition", { position: index + 1, total: siblingIds.length })}
      </Box>
      <IconButton
        size="small"
        ref={next}
        aria-label={t("conversation.nextBranch")}
        disabled={disabled || index === siblingIds.length - 1}
        onClick={(event) => go(index + 1, "next", event)}
      >
        <ChevronRightRoundedIcon fontSize="small" />
      </IconButton>
    </Box>
  );
}
