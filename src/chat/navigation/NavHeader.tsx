import KeyboardDoubleArrowLeftRoundedIcon from "@mui/icons-material/KeyboardDoubleArrowLeftRounded";
import Box from "@mui/material/Box";
import IconButton from "@mui/material/IconButton";
import Stack from "@mui/material/Stack";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { Logo } from "../../app/brand/Logo";
import { useProductName } from "../../app/brand/useProductName";
import { useNavContext } from "../../app/layout/useNavContext";
import { menuIconButtonSx } from "./menuStyles";

/** The open navigation's top row: brand logo, product name and (desktop) the collapse toggle. */
export function NavHeader() {
  const { t } = useTranslation();
  const { isDesktop, toggleMini } = useNavContext();
  const productName = useProductName();
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: "center", px: 2.5, pt: 2.5, pb: 2 }}>
      <Box data-tour="brand-logo" sx={{ display: "flex" }}>
        <Logo variant="navigation" />
      </Box>
      <Typography variant="subtitle1" component="p" noWrap sx={{ flex: 1, fontWeight: 700, color: "menu.textPrimary" }}>
        {productName}
      </Typography>
      {isDesktop && (
        <Tooltip title={t("nav.collapse")}>
          <IconButton aria-label={t("nav.collapse")} onClick={toggleMini} size="small" sx={menuIconButtonSx}>
            <KeyboardDoubleArrowLeftRoundedIcon />
          </IconButton>
        </Tooltip>
      )}
    </Stack>
  );
}
