import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import { useId } from "react";
import { useTranslation } from "react-i18next";

export interface DeleteConversationDialogProps {
  /** The title of the conversation to delete; null keeps the dialog closed. */
  title: string | null;
  onConfirm(): void;
  onClose(): void;
}

/** Asks before a conversation is deleted. */
export function DeleteConversationDialog({ title, onConfirm, onClose }: DeleteConversationDialogProps) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <Dialog
      open={title !== null}
      onClose={onClose}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      slotProps={{ paper: { sx: { borderRadius: 3, width: 400 } } }}
    >
      <DialogTitle id={`${id}-title`} sx={{ pb: 1 }}>
        {t("conversations.deleteTitle")}
      </DialogTitle>
      <DialogContent>
        {/* A title may be one long word (50 characters of it): it wraps instead of leaving the dialog. */}
        <DialogContentText id={`${id}-text`} sx={{ overflowWrap: "anywhere" }}>
          {t("conversations.deleteMessage", { title: title ?? "" })}
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        {/* Cancel takes the focus: Enter twice from the menu must not delete. */}
        <Button onClick={onClose} color="inherit" autoFocus>
          {t("conversations.cancel")}
        </Button>
        <Button onClick={onConfirm} variant="contained" color="error">
          {t("conversations.delete")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
