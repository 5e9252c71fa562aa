import Chip from "@mui/material/Chip";
import { useTranslation } from "react-i18next";

/** Spec §3 status colours: Open and Resolved. */
export function ReportStatusChip({ status }: { status: "Open" | "Resolved" }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color={status === "Open" ? "warning" : "success"}
      variant="outlined"
      label={t(status === "Open" ? "moderation.open" : "moderation.resolved")}
    />
  );
}
