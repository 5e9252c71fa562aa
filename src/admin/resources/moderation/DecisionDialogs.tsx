import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import { useTranslation } from "react-i18next";

export type DecisionDialog = "bulk" | "confirmBan" | null;

export interface DecisionDialogsProps {
  open: DecisionDialog;
  onClose(): void;
  onChoose(isBulkResolution: boolean): void;
}

/**
 * Spec §4: TakeNoAction asks 'Bulk action' ('Only this Report' or 'All
 * Reports'); BanAgent asks 'Are you sure?' and, with 'Ban Agent', resolves in bulk.
 */
export function DecisionDialogs({ open, onClose, onChoose }: DecisionDialogsProps) {
  const { t } = useTranslation();
  return (
    <>
      <Dialog open={open === "bulk"} onClose={onClose} aria-labelledby="bulk-action-title">
        <DialogTitle id="bulk-action-title">{t("moderation.bulkTitle")}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t("moderation.bulkText")}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t("moderation.cancel")}</Button>
          <Button variant="outlined" onClick={() => onChoose(false)}>
            {t("moderation.onlyThis")}
          </Button>
          <Button variant="contained" onClick={() => onChoose(true)}>
            {t("moderation.allReports")}
          </Button>
        </DialogActions>
      </Dialog>
      <Dialog open={open === "confirmBan"} onClose={onClose} aria-labelledby="confirm-ban-title">
        <DialogTitle id="confirm-ban-title">{t("moderation.confirmTitle")}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t("moderation.confirmText")}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t("moderation.cancel")}</Button>
          <Button variant="contained" color="error" onClick={() => onChoose(true)}>
            {t("moderation.banAgent")}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
