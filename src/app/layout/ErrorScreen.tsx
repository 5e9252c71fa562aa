import ErrorOutlineRoundedIcon from "@mui/icons-material/ErrorOutlineRounded";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { alpha } from "@mui/material/styles";
import { useTranslation } from "react-i18next";

/** The generic error screen (spec §2 "Error screen", §8 error boundary). */
export function ErrorScreen() {
  const { t } = useTranslation();
  // The message marks its link as <reload>…</reload>; split by hand rather than with <Trans>, whose
  // HTML parser would otherwise join the chat page's first load for this one screen.
  const [before = "", reload = "", after = ""] = t("error.message").split(/<\/?reload>/);
  return (
    <Box
      component="main"
      sx={{ minHeight: "100dvh", display: "grid", placeItems: "center", p: 3, bgcolor: "background.default" }}
    >
      <Box sx={{ maxWidth: 520, textAlign: "center" }}>
        <ErrorOutlineRoundedIcon color="error" sx={{ fontSize: 56, mb: 2 }} aria-hidden />
        <Typography variant="h4" component="h1" gutterBottom>
          {t("error.title")}
        </Typography>
        <Typography color="text.secondary">
          {before}
          <Box
            component="button"
            type="button"
            onClick={() => window.location.reload()}
            sx={(theme) => ({
              // A link-styled button, as MUI's Link would draw it.
              p: 0,
              m: 0,
              border: 0,
              bgcolor: "transparent",
              font: "inherit",
              fontWeight: 600,
              verticalAlign: "baseline",
              cursor: "pointer",
              color: "primary.main",
              textDecoration: "underline",
              textDecorationColor: alpha(theme.palette.primary.main, 0.4),
              "&:hover": { textDecorationColor: "inherit" },
            })}
          >
            {reload}
          </Box>
          {after}
        </Typography>
      </Box>
    </Box>
  );
}
