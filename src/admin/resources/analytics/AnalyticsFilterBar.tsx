import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { useTranslation } from "react-i18next";
import type { AnalyticsFilter, ReportingPeriodName } from "./analyticsQuery";

const PERIODS: ReportingPeriodName[] = ["Last7Days", "Last30Days", "Last90Days", "Custom"];

export interface AgentOption {
  gptSystemId: string;
  name: string;
}

/** The reporting period (with from/to days for Custom) and the agent the dashboard shows. */
export function AnalyticsFilterBar({
  filter,
  agents,
  onChange,
}: {
  filter: AnalyticsFilter;
  agents: readonly AgentOption[];
  onChange: (filter: AnalyticsFilter) => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack direction={{ xs: "column", sm: "row" }} spacing={1.5} sx={{ flexWrap: "wrap" }} useFlexGap>
      <TextField
        select
        size="small"
        label={t("admin.analytics.period")}
        value={filter.reportingPeriod}
        onChange={(event) => onChange({ ...filter, reportingPeriod: event.target.value as ReportingPeriodName })}
        sx={{ minWidth: 170 }}
      >
        {PERIODS.map((period) => (
          <MenuItem key={period} value={period}>
            {t(`admin.analytics.periods.${period}`)}
          </MenuItem>
        ))}
      </TextField>
      {filter.reportingPeriod === "Custom" && (
        <>
          <TextField
            type="date"
            size="small"
            label={t("admin.analytics.from")}
            value={filter.from}
            onChange={(event) => onChange({ ...filter, from: event.target.value })}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: filter.to || undefined } }}
          />
          <TextField
            type="date"
            size="small"
            label={t("admin.analytics.to")}
            value={filter.to}
            onChange={(event) => onChange({ ...filter, to: event.target.value })}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: filter.from || undefined } }}
          />
        </>
      )}
      <TextField
        select
        size="small"
        label={t("admin.analytics.agent")}
        value={filter.gptSystemId}
        onChange={(event) => onChange({ ...filter, gptSystemId: event.target.value })}
        sx={{ minWidth: 200 }}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">{t("admin.analytics.allAgents")}</MenuItem>
        {agents.map((agent) => (
          <MenuItem key={agent.gptSystemId} value={agent.gptSystemId}>
            {agent.name}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}
