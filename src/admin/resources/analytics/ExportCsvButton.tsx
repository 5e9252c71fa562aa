import FileDownloadOutlined from "@mui/icons-material/FileDownloadOutlined";
import Button from "@mui/material/Button";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useToast } from "../../../app/toast/useToast";
import { isCompleteFilter, type AnalyticsFilter } from "./analyticsQuery";
import { downloadAnalyticsCsv } from "./downloadAnalyticsCsv";

/** Downloads the filtered conversations as analytics-export.csv. */
export function ExportCsvButton({ filter }: { filter: AnalyticsFilter }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const exportCsv = async () => {
    setBusy(true);
    try {
      await downloadAnalyticsCsv(filter);
    } catch {
      toast(t("admin.analytics.exportFailed"), "error");
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="contained"
      startIcon={<FileDownloadOutlined />}
      onClick={() => void exportCsv()}
      disabled={busy || !isCompleteFilter(filter)}
    >
      {t("admin.analytics.exportCsv")}
    </Button>
  );
}
