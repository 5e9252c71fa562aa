import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Skeleton from "@mui/material/Skeleton";
import Typography from "@mui/material/Typography";
import Box from "@mui/material/Box";
import { useTranslation } from "react-i18next";
import type enAdmin from "../../../app/i18n/enAdmin.json";
import type { components } from "../../../generated/api";
import { formatCount, formatDuration } from "./formatFigures";

type Figures = components["schemas"]["AnalyticsFigures"];

/** One card per figure of the period's totals. */
export function SummaryCards({ totals }: { totals: Figures | undefined }) {
  const { t } = useTranslation();
  const cards: [keyof typeof enAdmin.admin.analytics.cards, (f: Figures) => string][] = [
    ["conversations", (f) => formatCount(f.conversations)],
    ["segments", (f) => formatCount(f.segments)],
    ["activeUsers", (f) => formatCount(f.activeUsers)],
    ["inputTokens", (f) => formatCount(f.inputTokens)],
    ["outputTokens", (f) => formatCount(f.outputTokens)],
    [
      "feedback",
      (f) =>
        t("admin.analytics.feedbackValue", {
          up: formatCount(f.feedbackPositive),
          down: formatCount(f.feedbackNegative),
        }),
    ],
    ["timeToFirstToken", (f) => formatDuration(f.averageTimeToFirstTokenMs)],
    ["duration", (f) => formatDuration(f.averageDurationMs)],
  ];
  return (
    <Box
      component="ul"
      aria-label={t("admin.analytics.totals")}
      sx={{
        listStyle: "none",
        p: 0,
        m: 0,
        display: "grid",
        gap: 2,
        gridTemplateColumns: "repeat(auto-fill, minmax(190px, 1fr))",
      }}
    >
      {cards.map(([name, value]) => (
        <Card key={name} component="li" variant="outlined" aria-labelledby={`analytics-card-${name}`}>
          <CardContent>
            <Typography id={`analytics-card-${name}`} variant="body2" color="text.secondary">
              {t(`admin.analytics.cards.${name}`)}
            </Typography>
            <Typography variant="h5" component="p" sx={{ fontWeight: 600, mt: 0.5 }}>
              {totals ? value(totals) : <Skeleton width="60%" />}
            </Typography>
          </CardContent>
        </Card>
      ))}
    </Box>
  );
}
