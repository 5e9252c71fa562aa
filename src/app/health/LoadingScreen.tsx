import Box from "@mui/material/Box";
import CircularProgress from "@mui/material/CircularProgress";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";

/** Spec §2 "Loading screen": shown while a health-check issue is set. */
export function LoadingScreen() {
  const { t } = useTranslation();
  return (
    <Box
      component="main"
      sx={{ minHeight: "100dvh", display: "grid", placeItems: "center", bgcolor: "background.default", p: 3 }}
    >
      <Box role="status" sx={{ display: "flex", flexDirection: "column", alignItems: "center", gap: 3 }}>
        <CircularProgress aria-hidden />
        <Typography variant="h6" component="p">
          {t("app.initializing")}
        </Typography>
      </Box>
    </Box>
  );
}
