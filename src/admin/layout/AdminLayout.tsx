import MenuRoundedIcon from "@mui/icons-material/MenuRounded";
import Box from "@mui/material/Box";
import Drawer from "@mui/material/Drawer";
import IconButton from "@mui/material/IconButton";
import Typography from "@mui/material/Typography";
import { type ReactNode, useId } from "react";
import { useTranslation } from "react-i18next";
import { Footer } from "../../app/layout/Footer";
import { ShellDrawers } from "../../app/layout/ShellDrawers";
import { MAIN_CONTENT_ID, SkipLink } from "../../app/layout/SkipLink";
import { useNavContext } from "../../app/layout/useNavContext";
import { useProductName } from "../../app/brand/useProductName";
import { AdminNavigation } from "./AdminNavigation";

/** Spec §2/§9: the admin navigation is as wide as the open chat navigation. */
const ADMIN_NAV_WIDTH = 280;

/** The admin area's frame: side navigation (drawer below lg), the page in <main>, the footer. */
export function AdminLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const navId = useId();
  const productName = useProductName();
  const { isDesktop, mobileOpen, openMobile, closeMobile } = useNavContext();
  const surface = { bgcolor: "menu.main", color: "menu.textPrimary" } as const;
  const navigation = (
    <Box component="nav" id={navId} aria-label={t("admin.navLabel")} sx={{ height: "100%" }}>
      <AdminNavigation />
    </Box>
  );

  return (
    <Box sx={{ display: "flex", minHeight: "100dvh", bgcolor: "background.default" }}>
      <SkipLink />
      {isDesktop ? (
        <Box sx={{ width: ADMIN_NAV_WIDTH, flexShrink: 0, position: "sticky", top: 0, height: "100dvh", ...surface }}>
          {navigation}
        </Box>
      ) : (
        <Drawer
          open={mobileOpen}
          onClose={closeMobile}
          slotProps={{
            paper: { "aria-label": t("admin.navLabel"), sx: { width: ADMIN_NAV_WIDTH, border: 0, ...surface } },
          }}
        >
          {navigation}
        </Drawer>
      )}
      <Box sx={{ flex: 1, minWidth: 0, display: "flex", flexDirection: "column" }}>
        {!isDesktop && (
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
            }}
          >
            <IconButton
              aria-label={t("nav.open")}
              aria-controls={navId}
              aria-expanded={mobileOpen}
              onClick={openMobile}
            >
              <MenuRoundedIcon />
            </IconButton>
            <Typography variant="subtitle1" component="p" noWrap sx={{ fontWeight: 600 }}>
              {productName}
            </Typography>
          </Box>
        )}
        <Box
          component="main"
          id={MAIN_CONTENT_ID}
          tabIndex={-1}
          sx={{ flex: 1, display: "flex", flexDirection: "column", outline: "none" }}
        >
          {children}
        </Box>
        <Footer />
      </Box>
      <ShellDrawers />
    </Box>
  );
}
