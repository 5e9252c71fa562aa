import FlagOutlinedIcon from "@mui/icons-material/FlagOutlined";
import IconButton from "@mui/material/IconButton";
import Tooltip from "@mui/material/Tooltip";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useFeatureFlags } from "../../app/api/queries/useFeatureFlags";
import { lazyNamed } from "../../app/lazy/lazyNamed";
import { preloadOnIntent } from "../../app/lazy/preloadOnIntent";
import { MountOnceOpened } from "../../app/lazy/MountOnceOpened";
import type { GptSystemReference } from "../conversation/conversationTypes";

// The dialog (and the form fields it brings) loads with its first opening.
const ReportAgentDialog = lazyNamed(() => import("./ReportAgentDialog"), "ReportAgentDialog");

export interface ReportAgentButtonProps {
  conversationId: string;
  /** The agent that answered; only personal (User) agents are moderated. */
  agent: GptSystemReference | null;
}

/** 'Report agent' among an answer's actions, for answers of personal agents while the feature is on. */
export function ReportAgentButton({ conversationId, agent }: ReportAgentButtonProps) {
  const { t } = useTranslation();
  const { isEnabled } = useFeatureFlags();
  const [open, setOpen] = useState(false);
  if (agent?.gptSystemType !== "User" || !isEnabled("AllowUserCreatedGptSystems")) return null;
  return (
    <>
      <Tooltip title={t("personalAgents.report")}>
        <IconButton
          size="small"
          aria-label={t("personalAgents.report")}
          onClick={() => setOpen(true)}
          {...preloadOnIntent(ReportAgentDialog)}
        >
          <FlagOutlinedIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <MountOnceOpened open={open}>
        <ReportAgentDialog conversationId={conversationId} open={open} onClose={() => setOpen(false)} />
      </MountOnceOpened>
    </>
  );
}
