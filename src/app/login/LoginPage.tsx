import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import Divider from "@mui/material/Divider";
import Typography from "@mui/material/Typography";
import { useTheme } from "@mui/material/styles";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useInstanceSettings } from "../api/queries/useInstanceSettings";
import { authActions } from "../auth/authStore";
import { isEntraIdConfigured } from "../auth/entraId/entraIdConfig";
import { Logo } from "../brand/Logo";
import { useBrand } from "../brand/useBrand";
import { useProductName } from "../brand/useProductName";
import { EntraIdSignIn } from "./EntraIdSignIn";
import { LocalSignInForm } from "./LocalSignInForm";
import { loginBackgroundSx, loginJustifyContent } from "./loginBackground";
import "../i18n/loginStrings";

/** /auth/jwt/login: the brand's background and logo, a card placed per loginAlignment (spec §2). */
export function LoginPage() {
  const { t } = useTranslation();
  const theme = useTheme();
  const { brand } = useBrand();
  const settings = useInstanceSettings();
  const productName = useProductName();
  const entraIdSettings = settings?.entraIdSettings;

  // Arriving here closes an explicit logout: later redirects remember their path again.
  useEffect(() => authActions.acknowledgeSignOut(), []);

  useEffect(() => {
    document.title = productName;
  }, [productName]);

  return (
    <Box
      component="main"
      sx={[
        {
          minHeight: "100dvh",
          display: "flex",
          alignItems: "center",
          justifyContent: loginJustifyContent(brand?.loginAlignment),
          p: { xs: 2, sm: 4, md: 8 },
        },
        loginBackgroundSx(brand, theme.palette.menu.main),
      ]}
    >
      <Card sx={{ width: "100%", maxWidth: 420, p: { xs: 3, sm: 5 }, borderRadius: 4 }}>
        <Box sx={{ display: "flex", flexDirection: "column", alignItems: "center", textAlign: "center", mb: 4 }}>
          <Logo sx={{ mb: 2.5 }} />
          <Typography variant="h4" component="h1" sx={{ fontSize: "1.625rem" }}>
            {productName}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {settings?.organizationName || t("login.subheading")}
          </Typography>
        </Box>
        <LocalSignInForm />
        {isEntraIdConfigured(entraIdSettings) && (
          <>
            <Divider sx={{ my: 3, color: "text.secondary", typography: "body2" }}>{t("login.or")}</Divider>
            <EntraIdSignIn settings={entraIdSettings} />
          </>
        )}
      </Card>
    </Box>
  );
}
