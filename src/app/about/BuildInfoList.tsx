import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import type { components } from "../../generated/api";
import { formatUtc } from "./formatUtc";

type BuildInfo = components["schemas"]["BuildInfo"];

/** The four build facts as a description list. */
export function BuildInfoList({ buildInfo }: { buildInfo: BuildInfo }) {
  const { t } = useTranslation();
  const rows = [
    { label: t("about.version"), value: buildInfo.version },
    { label: t("about.buildId"), value: buildInfo.buildId },
    { label: t("about.commitHash"), value: buildInfo.commitHash },
    { label: t("about.timestamp"), value: formatUtc(buildInfo.timestamp) },
  ];
  return (
    <Box component="dl" sx={{ m: 0, display: "grid", gap: 1.75 }}>
      {rows.map((row) => (
        <Box key={row.label}>
          <Typography
            component="dt"
            variant="caption"
            color="text.secondary"
            sx={{ display: "block", fontWeight: 600, textTransform: "uppercase", letterSpacing: "0.06em" }}
          >
            {row.label}
          </Typography>
          <Typography
            component="dd"
            variant="body2"
            sx={{ m: 0, fontFamily: "ui-monospace, SFMono-Regular, Menlo, monospace", wordBreak: "break-all" }}
          >
            {row.value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
