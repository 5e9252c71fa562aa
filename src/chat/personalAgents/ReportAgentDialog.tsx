import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useToast } from "../../app/toast/useToast";
import { type ReportReason, useReportConversation } from "./usePersonalAgentApi";
import "../../app/i18n/personalAgentStrings";

export const REPORT_REASONS: readonly ReportReason[] = [
  "HarmfulContent",
  "HateOrHarassment",
  "SexualContent",
  "Misinformation",
  "Spam",
  "PrivacyViolation",
  "Other",
];
const DETAILS_MAX = 2000;

export interface ReportAgentDialogProps {
  conversationId: string;
  open: boolean;
  onClose(): void;
}

/** Reports the conversation's personal agent to the moderators: a reason and optional details. */
export function ReportAgentDialog({ conversationId, open, onClose }: ReportAgentDialogProps) {
  const { t } = useTranslation();
  const id = useId();
  const toast = useToast();
  const report = useReportConversation();
  const [reason, setReason] = useState<ReportReason>("HarmfulContent");
  const [details, setDetails] = useState("");

  const submit = (event: FormEvent) => {
    event.preventDefault();
    report.mutate(
      { conversationId, reportReason: reason, details },
      {
        onSuccess: () => {
          toast(t("personalAgents.reportSubmitted"));
          setDetails("");
          onClose();
        },
        onError: () => toast(t("personalAgents.reportFailed"), "error"),
      },
    );
  };

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={`${id}-title`} fullWidth maxWidth="sm">
      <form onSubmit={submit}>
        <DialogTitle id={`${id}-title`}>{t("personalAgents.reportTitle")}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t("personalAgents.reportHint")}</DialogContentText>
          <Stack spacing={2}>
            <TextField
              select
              label={t("personalAgents.reportReason")}
              value={reason}
              onChange={(e) => setReason(e.target.value as ReportReason)}
            >
              {REPORT_REASONS.map((value) => (
                <MenuItem key={value} value={value}>
                  {t(`personalAgents.reasons.${value}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label={t("personalAgents.reportDetails")}
              value={details}
              onChange={(e) => setDetails(e.target.value)}
              multiline
              minRows={3}
              slotProps={{ htmlInput: { maxLength: DETAILS_MAX } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>{t("personalAgents.cancel")}</Button>
          <Button type="submit" variant="contained" color="error" loading={report.isPending}>
            {t("personalAgents.reportSubmit")}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
