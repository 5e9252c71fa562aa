import ChevronLeftRoundedIcon from "@mui/icons-material/ChevronLeftRounded";
import ChevronRightRoundedIcon from "@mui/icons-material/ChevronRightRounded";
import Box from "@mui/material/Box";
import IconButton from "@mui/material/IconButton";
import { useTranslation } from "react-i18next";

export interface BranchSwitcherProps {
  segmentId: string;
  /** Every segment with the same parent, this one included, oldest first (the segment's siblingIds). */
  siblingIds: readonly string[];
  disabled?: boolean;
  /** Shows the sibling's branch. */
  onSelect(conversationSegmentId: string): void;
}

/**
 * "< 2/3 >" between the answers and edits that share a parent; nothing when there is one only.
 * Who stores the selection is the caller's (the signed-in chat's or the public chat's operation).
 */
export function BranchSwitcher({ segmentId, siblingIds, disabled, onSelect }: BranchSwitcherProps) {
  const { t } = useTranslation();
  const index = siblingIds.indexOf(segmentId);
  if (siblingIds.length < 2 || index < 0) return null;
  const go = (target: number) => onSelect(siblingIds[target]!);
  return (
    <Box
      role="group"
      aria-label={t("conversation.branches")}
      sx={{ display: "inline-flex", alignItems: "center", color: "text.secondary", fontSize: 13, mr: 0.5 }}
    >
      <IconButton
        size="small"
        aria-label={t("conversation.previousBranch")}
        disabled={disabled || index === 0}
        onClick={() => go(index - 1)}
      >
        <ChevronLeftRoundedIcon fontSize="small" />
      </IconButton>
      <Box component="span" sx={{ minWidth: 28, textAlign: "center", fontVariantNumeric: "tabular-nums" }}>
        {index + 1}/{siblingIds.length}
      </Box>
      <IconButton
        size="small"
        aria-label={t("conversation.nextBranch")}
        disabled={disabled || index === siblingIds.length - 1}
        onClick={() => go(index + 1)}
      >
        <ChevronRightRoundedIcon fontSize="small" />
      </IconButton>
    </Box>
  );
}
