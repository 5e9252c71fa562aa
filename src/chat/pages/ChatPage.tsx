import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { Logo } from "../../app/brand/Logo";
import { useProductName } from "../../app/brand/useProductName";
import { useDocumentTitle } from "../../app/layout/useDocumentTitle";

/**
 * The chat page (/chat, /chat/{entryGptSystemId}, public chat): for now its
 * empty state; conversations and the composer arrive with the chat issue.
 */
export function ChatPage() {
  const { t } = useTranslation();
  const productName = useProductName();
  useDocumentTitle();
  return (
    <Box sx={{ flex: 1, display: "grid", placeItems: "center", p: { xs: 3, md: 6 } }}>
      <Box sx={{ maxWidth: 560, textAlign: "center", display: "flex", flexDirection: "column", alignItems: "center" }}>
        <Logo size={64} sx={{ mb: 3 }} />
        <Typography variant="h4" component="h1" sx={{ mb: 1.5 }}>
          {t("chat.welcomeTitle", { name: productName })}
        </Typography>
        <Typography color="text.secondary" sx={{ fontSize: "1.0625rem" }}>
          {t("chat.welcomeDetail")}
        </Typography>
      </Box>
    </Box>
  );
}
