import MenuRoundedIcon from "@mui/icons-material/MenuRounded";
import Box from "@mui/material/Box";
import IconButton from "@mui/material/IconButton";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { Logo } from "../brand/Logo";
import { useProductName } from "../brand/useProductName";
import { useNavContext } from "./useNavContext";

/** Below lg: a top bar whose button opens the navigation drawer. */
export function MobileHeader({ navId }: { navId: string }) {
  const { t } = useTranslation();
  const { openMobile, mobileOpen } = useNavContext();
  const productName = useProductName();
  return (
    <Box
      component="header"
      sx={{
        display: "flex",
        alignItems: "center",
        gap: 1.5,
        px: 1.5,
        height: 60,
        borderBottom: 1,
        borderColor: "divider",
        bgcolor: "background.paper",
        position: "sticky",
        top: 0,
        zIndex: (theme) => theme.zIndex.appBar,
      }}
    >
      <IconButton aria-label={t("nav.open")} aria-controls={navId} aria-expanded={mobileOpen} onClick={openMobile}>
        <MenuRoundedIcon />
      </IconButton>
      <Logo size={32} variant="navigation" />
      <Typography variant="subtitle1" component="p" noWrap sx={{ fontWeight: 600 }}>
        {productName}
      </Typography>
    </Box>
  );
}
