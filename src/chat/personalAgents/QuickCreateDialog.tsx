import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import TextField from "@mui/material/TextField";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";
import { useNavContext } from "../../app/layout/useNavContext";
import { paths } from "../../app/routes/paths";
import { useToast } from "../../app/toast/useToast";
import { AGENT_NAME_MAX, agentNameError } from "./agentName";
import { useQuickCreateAgent } from "./usePersonalAgentApi";
import "../../app/i18n/personalAgentStrings";

export interface QuickCreateDialogProps {
  open: boolean;
  onClose(): void;
}

/**
 * Spec §2 Quick Create: asks for an agent name, creates the agent and opens
 * 'Edit Personal Agent' on its first draft; a failure shows 'Create Agent Failure!'.
 */
export function QuickCreateDialog({ open, onClose }: QuickCreateDialogProps) {
  const { t } = useTranslation();
  const id = useId();
  const toast = useToast();
  const navigate = useNavigate();
  const { closeMobile } = useNavContext();
  const create = useQuickCreateAgent();
  const [name, setName] = useState("");
  const [touched, setTouched] = useState(false);
  const error = agentNameError(name);

  const close = () => {
    if (create.isPending) return;
    setName("");
    setTouched(false);
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (error) return;
    create.mutate(name.trim(), {
      onSuccess: (configuration) => {
        setName("");
        setTouched(false);
        onClose();
        closeMobile();
        void navigate(paths.editPersonalAgent(configuration.configStateId));
      },
      onError: () => toast(t("personalAgents.createFailure"), "error"),
    });
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby={`${id}-title`} fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate>
        <DialogTitle id={`${id}-title`}>{t("personalAgents.quickCreateTitle")}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t("personalAgents.quickCreateHint")}</DialogContentText>
          <TextField
            autoFocus
            fullWidth
            required
            label={t("personalAgents.name")}
            value={name}
            onChange={(event) => setName(event.target.value)}
            onBlur={() => setTouched(true)}
            error={touched && error !== null}
            helperText={touched && error ? t(error) : `${name.trim().length}/${AGENT_NAME_MAX}`}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={close} disabled={create.isPending}>
            {t("personalAgents.cancel")}
          </Button>
          <Button type="submit" variant="contained" loading={create.isPending}>
            {t("personalAgents.create")}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
