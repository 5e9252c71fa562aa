import Box from "@mui/material/Box";
import Skeleton from "@mui/material/Skeleton";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { TraceLogList } from "./TraceLogList";
import { isAnswerUnfinished, useExecutionDetails } from "./useExecutionDetails";

function formatMs(
  ms: number | null,
  t: (key: "executionDetails.ms" | "executionDetails.seconds", options: { value: string }) => string,
): string {
  if (ms === null) return "—";
  return ms < 1000
    ? t("executionDetails.ms", { value: String(ms) })
    : t("executionDetails.seconds", { value: (ms / 1000).toFixed(2) });
}

/** The figures of one answer: model, tokens, time to first token, duration, the steps taken and the trace log. */
export function ExecutionDetailsContent({
  conversationId,
  segmentId,
}: {
  conversationId: string | null;
  segmentId: string | null;
}) {
  // Numbers in the language of the labels, not the browser's (١٢٬٣٤٥ beside English words).
  const { t, i18n } = useTranslation();
  const details = useExecutionDetails(conversationId, segmentId);
  if (!conversationId || !segmentId)
    return (
      <Typography color="text.secondary" variant="body2">
        {t("executionDetails.none")}
      </Typography>
    );
  if (details.isError)
    return (
      <Typography color="error" variant="body2">
        {t("executionDetails.loadFailed")}
      </Typography>
    );
  if (!details.data) return <Skeleton variant="rounded" height={180} />;
  const d = details.data;
  const rows: [string, string][] = [
    [t("executionDetails.status"), d.status],
    [t("executionDetails.model"), d.deploymentName ?? "—"],
    [t("executionDetails.engine"), d.languageEngineName ?? d.languageEngine ?? "—"],
    [t("executionDetails.inputTokens"), d.inputTokens?.toLocaleString(i18n.resolvedLanguage) ?? "—"],
    [t("executionDetails.outputTokens"), d.outputTokens?.toLocaleString(i18n.resolvedLanguage) ?? "—"],
    [t("executionDetails.timeToFirstToken"), formatMs(d.timeToFirstTokenMs, t)],
    [t("executionDetails.duration"), formatMs(d.durationMs, t)],
  ];
  return (
    <Box>
      <Box
        component="dl"
        sx={{ display: "grid", gridTemplateColumns: "auto 1fr", columnGap: 2, rowGap: 1.25, m: 0, fontSize: 14 }}
      >
        {rows.map(([label, value]) => (
          <Box key={label} sx={{ display: "contents" }}>
            <Box component="dt" sx={{ color: "text.secondary" }}>
              {label}
            </Box>
            <Box
              component="dd"
              sx={{ m: 0, textAlign: "right", fontVariantNumeric: "tabular-nums", overflowWrap: "anywhere" }}
            >
              {value}
            </Box>
          </Box>
        ))}
      </Box>
      <Typography variant="subtitle2" component="h3" sx={{ mt: 3, mb: 1 }}>
        {t("executionDetails.steps")}
      </Typography>
      {d.steps.length === 0 ? (
        <Typography color="text.secondary" variant="body2">
          —
        </Typography>
      ) : (
        <Box component="ol" sx={{ m: 0, pl: 0, listStyle: "none", display: "flex", flexDirection: "column", gap: 1 }}>
          {d.steps.map((step, index) => (
            <Box component="li" key={index} sx={{ display: "flex", gap: 1.25, fontSize: 14, alignItems: "baseline" }}>
              <Box
                sx={{
                  width: 20,
                  height: 20,
                  flex: "none",
                  borderRadius: "50%",
                  bgcolor: "action.selected",
                  fontSize: 11,
                  display: "grid",
                  placeItems: "center",
                }}
              >
                {index + 1}
              </Box>
              {step}
            </Box>
          ))}
        </Box>
      )}
      <TraceLogList
        conversationId={conversationId}
        segmentId={segmentId}
        answerUnfinished={isAnswerUnfinished(d.status)}
      />
    </Box>
  );
}
