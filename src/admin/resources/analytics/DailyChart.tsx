import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useTheme } from "@mui/material/styles";
import type { components } from "../../../generated/api";
import { formatCompact, formatCount } from "./formatFigures";

type Day = components["schemas"]["AnalyticsDay"];
type NumericKey = Exclude<keyof Day, "date">;

export interface ChartSeries {
  key: NumericKey;
  label: string;
  /** A theme palette name. */
  color: "primary" | "secondary" | "success" | "error" | "info" | "warning";
}

// A fixed drawing box scaled to the card's width; text stays legible from 320 px up.
const WIDTH = 640;
const HEIGHT = 220;
const MARGIN = { top: 12, right: 8, bottom: 26, left: 44 };
const PLOT_W = WIDTH - MARGIN.left - MARGIN.right;
const PLOT_H = HEIGHT - MARGIN.top - MARGIN.bottom;
const MAX_X_LABELS = 7;

const dayLabel = new Intl.DateTimeFormat("en-GB", { day: "2-digit", month: "short", timeZone: "UTC" });

/** A rounded axis maximum (1, 2, 5 × 10^n) at or above the highest bar. */
function niceMax(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  return ([1, 2, 5, 10].find((step) => step * power >= value) ?? 10) * power;
}

/**
 * Daily bars in plain SVG (no chart library in the admin chunk): the series
 * of a day stacked or side by side, a three-tick value axis and about seven
 * day labels. Every bar carries its day and value as a tooltip.
 */
export function DailyChart({
  title,
  days,
  series,
  stacked = false,
}: {
  title: string;
  days: readonly Day[];
  series: readonly ChartSeries[];
  /** Stacked when the series add up to something (input + output tokens); side by side otherwise. */
  stacked?: boolean;
}) {
  const theme = useTheme();
  const heights = days.map((day) =>
    stacked ? series.reduce((sum, s) => sum + day[s.key], 0) : Math.max(...series.map((s) => day[s.key])),
  );
  const max = niceMax(Math.max(0, ...heights));
  const band = PLOT_W / Math.max(1, days.length);
  const barWidth = Math.max(1, band * 0.7);
  const y = (value: number) => MARGIN.top + PLOT_H - (value / max) * PLOT_H;
  const labelEvery = Math.max(1, Math.ceil(days.length / MAX_X_LABELS));

  return (
    <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      <Box
        component="svg"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={title}
        sx={{ width: "100%", height: "auto", display: "block", mt: 1 }}
      >
        {[0, max / 2, max].map((tick) => (
          <g key={tick}>
            <line x1={MARGIN.left} x2={WIDTH - MARGIN.right} y1={y(tick)} y2={y(tick)} stroke={theme.palette.divider} />
            <text
              x={MARGIN.left - 6}
              y={y(tick) + 4}
              textAnchor="end"
              fontSize={11}
              fill={theme.palette.text.secondary}
            >
              {formatCompact(tick)}
            </text>
          </g>
        ))}
        {days.map((day, index) => {
          const left = MARGIN.left + index * band + (band - barWidth) / 2;
          const width = stacked ? barWidth : barWidth / series.length;
          let base = 0;
          return (
            <g key={day.date}>
              {series.map((s, position) => {
                const value = day[s.key];
                const top = base + value;
                const rect = (
                  <rect
                    key={s.key}
                    x={stacked ? left : left + position * width}
                    width={width}
                    y={y(top)}
                    height={Math.max(0, y(base) - y(top))}
                    fill={theme.palette[s.color].main}
                  >
                    <title>{`${day.date}: ${s.label} ${formatCount(value)}`}</title>
                  </rect>
                );
                if (stacked) base = top;
                return rect;
              })}
              {index % labelEvery === 0 && (
                <text
                  x={MARGIN.left + index * band + band / 2}
                  y={HEIGHT - 8}
                  textAnchor="middle"
                  fontSize={11}
                  fill={theme.palette.text.secondary}
                >
                  {dayLabel.format(new Date(`${day.date}T00:00:00Z`))}
                </text>
              )}
            </g>
          );
        })}
      </Box>
      <Stack direction="row" spacing={2} sx={{ mt: 1 }}>
        {series.map((s) => (
          <Stack key={s.key} direction="row" spacing={0.75} sx={{ alignItems: "center" }}>
            <Box sx={{ width: 12, height: 12, borderRadius: 0.5, bgcolor: `${s.color}.main` }} />
            <Typography variant="caption">{s.label}</Typography>
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}
