import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { useDocumentTitle } from "../../app/layout/useDocumentTitle";
import "../../app/i18n/publicChatStrings";

/** An endpoint with no public chat behind it (unknown, or the agent is no longer public). */
export function PublicChatNotFound() {
  const { t } = useTranslation();
  useDocumentTitle(t("publicChat.notFoundTitle"));
  return (
    <Box sx={{ flex: 1, display: "grid", placeItems: "center", p: 3 }}>
      <Box sx={{ textAlign: "center", maxWidth: 480 }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 650, mb: 1 }}>
          {t("publicChat.notFoundTitle")}
        </Typography>
        <Typography color="text.secondary">{t("publicChat.notFound")}</Typography>
      </Box>
    </Box>
  );
}
