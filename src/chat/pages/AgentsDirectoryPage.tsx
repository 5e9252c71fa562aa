import SmartToyOutlinedIcon from "@mui/icons-material/SmartToyOutlined";
import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { PageContainer } from "../../app/layout/PageContainer";
import { useDocumentTitle } from "../../app/layout/useDocumentTitle";

/** /chat/agents: 'Discover Intelligent Agents' (spec §2); the directory fills in with the agents issue. */
export function AgentsDirectoryPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("chat.agentsTitle"));
  return (
    <PageContainer>
      <Typography variant="h4" component="h1">
        {t("chat.agentsTitle")}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 4 }}>
        {t("chat.agentsSubtitle")}
      </Typography>
      <Paper variant="outlined" sx={{ borderStyle: "dashed", borderRadius: 4, py: 8, px: 3 }}>
        <Box sx={{ display: "flex", flexDirection: "column", alignItems: "center", gap: 1.5, textAlign: "center" }}>
          <SmartToyOutlinedIcon sx={{ fontSize: 48, color: "text.secondary" }} aria-hidden />
          <Typography color="text.secondary">{t("chat.noAgents")}</Typography>
        </Box>
      </Paper>
    </PageContainer>
  );
}
