import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { useToast } from "../../app/toast/useToast";
import type { GptSystemSummary } from "../queries/chatTypes";
import { useDeletePersonalAgent } from "./usePersonalAgentApi";

/** Confirms deleting one of the user's personal agents (open while `agent` is set). */
export function DeletePersonalAgentDialog({ agent, onClose }: { agent: GptSystemSummary | null; onClose(): void }) {
  const { t } = useTranslation();
  const id = useId();
  const toast = useToast();
  const remove = useDeletePersonalAgent();
  const confirm = () => {
    if (!agent) return;
    remove.mutate(agent.gptSystemId, {
      onSuccess: () => {
        toast(t("personalAgents.deleted"));
        onClose();
      },
      onError: () => toast(t("personalAgents.deleteFailed"), "error"),
    });
  };
  return (
    <Dialog open={agent !== null} onClose={onClose} aria-labelledby={`${id}-title`}>
      <DialogTitle id={`${id}-title`}>{t("personalAgents.deleteConfirmTitle")}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t("personalAgents.deleteConfirmText", { name: agent?.name ?? "" })}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t("personalAgents.cancel")}</Button>
        <Button color="error" variant="contained" loading={remove.isPending} onClick={confirm}>
          {t("personalAgents.delete")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
