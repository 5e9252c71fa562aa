import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import Skeleton from "@mui/material/Skeleton";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { useModerationReportContext } from "./moderationApi";

/** The reported conversation's last messages (spec §9: 10), user then agent, as plain text. */
export function ReportContext({ moderationReportId }: { moderationReportId: string }) {
  const { t } = useTranslation();
  const context = useModerationReportContext(moderationReportId);
  return (
    <Paper variant="outlined" sx={{ p: 3, borderRadius: 3 }} component="section" aria-labelledby="report-context">
      <Typography id="report-context" variant="h6" component="h2" sx={{ mb: 2 }}>
        {t("moderation.context")}
      </Typography>
      {context.isError && <Alert severity="error">{t("moderation.reportLoadFailed")}</Alert>}
      {context.isPending && <Skeleton variant="rounded" height={120} />}
      {context.data?.conversationSegments.length === 0 && (
        <Typography color="text.secondary">{t("moderation.contextEmpty")}</Typography>
      )}
      <Box component="ol" sx={{ listStyle: "none", p: 0, m: 0, display: "flex", flexDirection: "column", gap: 1.5 }}>
        {context.data?.conversationSegments.map((message, index) => {
          const fromUser = message.role === "user";
          return (
            <Box
              component="li"
              key={index}
              sx={{
                alignSelf: fromUser ? "flex-end" : "flex-start",
                maxWidth: "85%",
                px: 2,
                py: 1.25,
                borderRadius: 2.5,
                bgcolor: fromUser ? "primary.main" : "action.hover",
                color: fromUser ? "primary.contrastText" : "text.primary",
              }}
            >
              <Typography variant="caption" component="p" sx={{ opacity: 0.8, fontWeight: 700 }}>
                {t(fromUser ? "moderation.user" : "moderation.agent")}
              </Typography>
              <Typography variant="body2" sx={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
                {message.text}
              </Typography>
            </Box>
          );
        })}
      </Box>
    </Paper>
  );
}
