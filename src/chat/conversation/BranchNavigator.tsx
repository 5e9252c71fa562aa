import ChevronLeftRoundedIcon from "@mui/icons-material/ChevronLeftRounded";
import ChevronRightRoundedIcon from "@mui/icons-material/ChevronRightRounded";
import Box from "@mui/material/Box";
import IconButton from "@mui/material/IconButton";
import { useTranslation } from "react-i18next";
import { useSelectBranch } from "./useSelectBranch";

export interface BranchNavigatorProps {
  conversationId: string;
  segmentId: string;
  siblingIds: string[];
  disabled?: boolean;
}

/** "< 2/3 >" between the answers and edits that share a parent (the segment's siblingIds, oldest first). */
export function BranchNavigator({ conversationId, segmentId, siblingIds, disabled }: BranchNavigatorProps) {
  const { t } = useTranslation();
  const select = useSelectBranch(conversationId);
  const index = siblingIds.indexOf(segmentId);
  if (siblingIds.length < 2 || index < 0) return null;
  const go = (target: number) => select.mutate(siblingIds[target]!);
  const busy = disabled || select.isPending;
  return (
    <Box
      role="group"
      aria-label={t("conversation.branches")}
      sx={{ display: "inline-flex", alignItems: "center", color: "text.secondary", fontSize: 13, mr: 0.5 }}
    >
      <IconButton
        size="small"
        aria-label={t("conversation.previousBranch")}
        disabled={busy || index === 0}
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
        disabled={busy || index === siblingIds.length - 1}
        onClick={() => go(index + 1)}
      >
        <ChevronRightRoundedIcon fontSize="small" />
      </IconButton>
    </Box>
  );
}
