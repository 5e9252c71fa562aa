import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { formatUtc } from "../../../app/about/formatUtc";
import type { ModerationReport } from "./moderationApi";

/** Spec §4: a Resolved report shows its decision read-only. */
export function DecisionReadOnly({ decision }: { decision: NonNullable<ModerationReport["moderationDecision"]> }) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: 3, borderRadius: 3 }} component="section" aria-labelledby="decision-title">
      <Typography id="decision-title" variant="h6" component="h2" sx={{ mb: 1 }}>
        {t("moderation.decision")}
      </Typography>
      <Typography>
        {t("moderation.agentAction")}: <strong>{t(`moderation.agentActions.${decision.agentModerationAction}`)}</strong>
      </Typography>
      <Typography>
        {t("moderation.creatorAction")}:{" "}
        <strong>{t(`moderation.creatorActions.${decision.userModerationAction}`)}</strong>
      </Typography>
      <Typography sx={{ mt: 1.5, whiteSpace: "pre-wrap" }}>{decision.notes}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
        {t("moderation.decidedBy", { name: decision.moderator.displayName, date: formatUtc(decision.submittedAt) })}
        {decision.isBulkResolution && ` · ${t("moderation.bulkResolution")}`}
      </Typography>
    </Paper>
  );
}
