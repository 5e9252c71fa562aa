import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { PageContainer } from "../../app/layout/PageContainer";
import { useDocumentTitle } from "../../app/layout/useDocumentTitle";
import { useSignedInUser } from "../../app/layout/useSignedInUser";

/** The admin index (spec §2 "index: dashboard"); analytics arrive with their issue. */
export function DashboardPage() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  useDocumentTitle(t("admin.dashboard"));
  return (
    <PageContainer>
      <Typography variant="h4" component="h1">
        {t("admin.dashboard")}
      </Typography>
      {user && (
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {t("admin.signedInAs", { name: user.displayName })}
        </Typography>
      )}
    </PageContainer>
  );
}
