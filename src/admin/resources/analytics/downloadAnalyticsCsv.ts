/** The CSV export, fetched with the session (bearer token) and saved under the server's file name. */
import { api, unwrap } from "../../../app/api/client";
import { toAnalyticsQuery, type AnalyticsFilter } from "./analyticsQuery";

/** Spec §7: the export is saved as analytics-export.csv. */
export const ANALYTICS_EXPORT_FILE_NAME = "analytics-export.csv";

export async function downloadAnalyticsCsv(filter: AnalyticsFilter): Promise<void> {
  const csv = await unwrap(
    api.GET("/admin/analytics/conversations/export", { params: { query: toAnalyticsQuery(filter) }, parseAs: "text" }),
  );
  const url = URL.createObjectURL(new Blob([csv], { type: "text/csv;charset=utf-8" }));
  try {
    const link = document.createElement("a");
    link.href = url;
    link.download = ANALYTICS_EXPORT_FILE_NAME;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Revoked on the next task: the click has handed the blob to the download by then.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
