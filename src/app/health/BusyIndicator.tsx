import LinearProgress from "@mui/material/LinearProgress";
import { useTranslation } from "react-i18next";
import { busyStore, selectBusy } from "../api/busyStore";
import { useStore } from "../store/useStore";

/** A thin bar at the top while requests wait for a busy server (spec §8, 503). */
export function BusyIndicator() {
  const { t } = useTranslation();
  const busy = useStore(busyStore, selectBusy);
  if (!busy) return null;
  return (
    <LinearProgress
      aria-label={t("app.busy")}
      sx={{ position: "fixed", top: 0, insetInline: 0, zIndex: (theme) => theme.zIndex.tooltip + 1 }}
    />
  );
}
