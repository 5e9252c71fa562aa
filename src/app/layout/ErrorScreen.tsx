import ErrorOutlineRoundedIcon from "@mui/icons-material/ErrorOutlineRounded";
import Box from "@mui/material/Box";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import { Trans, useTranslation } from "react-i18next";

/** The generic error screen (spec §2 "Error screen", §8 error boundary). */
export function ErrorScreen() {
  const { t } = useTranslation();
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
          <Trans
            i18nKey="error.message"
            components={{
              reload: (
                <Link
                  component="button"
                  type="button"
                  onClick={() => window.location.reload()}
                  sx={{ verticalAlign: "baseline", fontSize: "inherit", fontWeight: 600 }}
                />
              ),
            }}
          />
        </Typography>
      </Box>
    </Box>
  );
}
