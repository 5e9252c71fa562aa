import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { PageContainer } from "../../app/layout/PageContainer";
import { useDocumentTitle } from "../../app/layout/useDocumentTitle";

/** /chat/agents/configstate/{configStateId}/edit, titled 'Edit Personal Agent' (spec §2). */
export function EditPersonalAgentPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("chat.editPersonalAgent"));
  return (
    <PageContainer>
      <Typography variant="h4" component="h1">
        {t("chat.editPersonalAgent")}
      </Typography>
    </PageContainer>
  );
}
