import ContentCopyRoundedIcon from "@mui/icons-material/ContentCopyRounded";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import FormControlLabel from "@mui/material/FormControlLabel";
import Paper from "@mui/material/Paper";
import Switch from "@mui/material/Switch";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { useToast } from "../../app/toast/useToast";
import { copyText } from "../markdown/copyText";
import { problemMessage } from "./problemMessage";
import { shareLinkOf, useShareAgent } from "./useAgentSharing";
import type { PersonalConfigState } from "./usePersonalAgentApi";
import "../../app/i18n/personalAgentStrings";

/**
 * 'Share by link' on 'Edit Personal Agent': the switch and, while shared, the link to copy. An agent never
 * published (status Draft) has nothing to share yet; the server refuses a creator blocked from sharing.
 */
export function ShareAgentPanel({ state }: { state: PersonalConfigState }) {
  const { t } = useTranslation();
  const toast = useToast();
  const share = useShareAgent(state);
  const publishedOnce = state.gptSystemStatus !== "Draft";
  const link = shareLinkOf(state.gptSystemId);

  return (
    <Paper variant="outlined" component="section" aria-label={t("personalAgents.share")} sx={{ p: 2, borderRadius: 3 }}>
      <FormControlLabel
        control={
          <Switch
            checked={state.isShared}
            disabled={!publishedOnce || share.isPending}
            onChange={(event) =>
              share.mutate(event.target.checked, {
                onSuccess: ({ isShared }) =>
                  toast(t(isShared ? "personalAgents.sharingOn" : "personalAgents.sharingOff"), "success"),
                onError: (error) => toast(problemMessage(error, t("personalAgents.shareFailed")), "error"),
              })
            }
          />
        }
        label={t("personalAgents.share")}
      />
      <Typography variant="body2" color="text.secondary">
        {publishedOnce ? t("personalAgents.shareHelp") : t("personalAgents.shareNeedsPublish")}
      </Typography>
      {state.isShared && (
        <Box sx={{ display: "flex", gap: 1, mt: 1.5, alignItems: "center" }}>
          <TextField
            size="small"
            fullWidth
            label={t("personalAgents.shareLink")}
            value={link}
            slotProps={{ htmlInput: { readOnly: true } }}
          />
          <Button
            variant="outlined"
            startIcon={<ContentCopyRoundedIcon />}
            onClick={() => void copyText(link, t("personalAgents.linkCopied"))}
            sx={{ flexShrink: 0 }}
          >
            {t("personalAgents.copyLink")}
          </Button>
        </Box>
      )}
    </Paper>
  );
}
