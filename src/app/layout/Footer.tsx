import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { useFeatureFlags } from "../api/queries/useFeatureFlags";
import { DEFAULT_LOGO_SRC, PROVIDER_NAME } from "../brand/defaultLogo";
import { Logo } from "../brand/Logo";
import { useProductName } from "../brand/useProductName";
import { isMobileUserAgent } from "./isMobileUserAgent";

/** Spec §9: footer tooltip enter delay. */
const FOOTER_TOOLTIP_DELAY_MS = 1000;

/** Spec §2 Footer: product logo left, 'Powered by' and the provider logo right; hidden on mobile or when ShowFooter is off. */
export function Footer() {
  const { t } = useTranslation();
  const productName = useProductName();
  const { isEnabled } = useFeatureFlags();
  if (isMobileUserAgent() || !isEnabled("ShowFooter")) return null;
  return (
    <Box
      component="footer"
      sx={{
        display: "flex",
        alignItems: "center",
        justifyContent: "space-between",
        gap: 2,
        px: 3,
        py: 1,
        borderTop: 1,
        borderColor: "divider",
        bgcolor: "background.paper",
      }}
    >
      <Tooltip title={productName} enterDelay={FOOTER_TOOLTIP_DELAY_MS} describeChild>
        <Box sx={{ display: "flex" }}>
          <Logo size={28} />
        </Box>
      </Tooltip>
      <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
        <Typography variant="caption" color="text.secondary">
          {t("footer.poweredBy")}
        </Typography>
        <Tooltip title={PROVIDER_NAME} enterDelay={FOOTER_TOOLTIP_DELAY_MS} describeChild>
          <Stack direction="row" spacing={0.75} sx={{ alignItems: "center" }}>
            <Box component="img" src={DEFAULT_LOGO_SRC} alt="" width={20} height={20} />
            <Typography variant="caption" sx={{ fontWeight: 600 }}>
              {PROVIDER_NAME}
            </Typography>
          </Stack>
        </Tooltip>
      </Stack>
    </Box>
  );
}
