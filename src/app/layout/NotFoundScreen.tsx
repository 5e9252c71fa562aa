import SearchOffRoundedIcon from "@mui/icons-material/SearchOffRounded";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router-dom";

export interface NotFoundScreenProps {
  /** Where the button leads: the start of the area the user is in. */
  homePath: string;
}

/** The 404 screen (spec §2), rendered inside the area's own layout. */
export function NotFoundScreen({ homePath }: NotFoundScreenProps) {
  const { t } = useTranslation();
  return (
    <Box sx={{ flex: 1, display: "grid", placeItems: "center", p: 4, minHeight: 360 }}>
      <Box sx={{ maxWidth: 480, textAlign: "center" }}>
        <SearchOffRoundedIcon sx={{ fontSize: 56, color: "text.secondary", mb: 1 }} aria-hidden />
        <Typography variant="overline" component="p" color="text.secondary" sx={{ fontSize: "0.875rem" }}>
          {t("notFound.code")}
        </Typography>
        <Typography variant="h4" component="h1" gutterBottom>
          {t("notFound.title")}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {t("notFound.message")}
        </Typography>
        <Button variant="contained" component={RouterLink} to={homePath}>
          {t("notFound.back")}
        </Button>
      </Box>
    </Box>
  );
}
