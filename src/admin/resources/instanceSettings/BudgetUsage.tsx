import Box from "@mui/material/Box";
import LinearProgress from "@mui/material/LinearProgress";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";

interface BudgetSettings {
  monthlyTokenCapInstance?: number | null;
  usage?: { instanceTokensThisMonth: number; periodStart: string; resetsOn: string };
}

const number = new Intl.NumberFormat("en");
// Spec §9: dates are shown as 'dd MMM yyyy' in UTC.
const day = new Intl.DateTimeFormat("en-GB", { day: "2-digit", month: "short", year: "numeric", timeZone: "UTC" });

/** This month's token usage against the instance cap, as the budget tab's GET answers it. */
export function BudgetUsage({ settings }: { settings: Record<string, unknown> }) {
  const { t } = useTranslation();
  const { monthlyTokenCapInstance: cap, usage } = settings as BudgetSettings;
  if (!usage) return null;
  const used = usage.instanceTokensThisMonth;
  const percent = cap ? Math.min(100, Math.round((used / cap) * 100)) : 0;
  return (
    <Box aria-labelledby="budget-usage-heading">
      <Typography id="budget-usage-heading" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {t("instanceSettings.budgetUsage")}
      </Typography>
      <Typography variant="body2" data-testid="budget-usage">
        {cap
          ? t("instanceSettings.budgetUsed", { used: number.format(used), cap: number.format(cap), percent })
          : t("instanceSettings.budgetUsedNoCap", { used: number.format(used) })}
      </Typography>
      {cap ? (
        <LinearProgress
          variant="determinate"
          value={percent}
          color={percent >= 100 ? "error" : percent >= 80 ? "warning" : "primary"}
          aria-label={t("instanceSettings.budgetUsage")}
          sx={{ my: 1, height: 8, borderRadius: 1 }}
        />
      ) : null}
      <Typography variant="caption" color="text.secondary">
        {t("instanceSettings.budgetResets", { date: day.format(new Date(usage.resetsOn)) })}
      </Typography>
    </Box>
  );
}
