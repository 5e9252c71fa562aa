import Box from "@mui/material/Box";
import List from "@mui/material/List";
import ListSubheader from "@mui/material/ListSubheader";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { alpha } from "@mui/material/styles";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useFeatureFlags } from "../../app/api/queries/useFeatureFlags";
import { useResolvedActions } from "../../app/api/queries/useResolvedActions";
import { Logo } from "../../app/brand/Logo";
import { useProductName } from "../../app/brand/useProductName";
import { AccountButton } from "../../app/layout/AccountButton";
import { useNavContext } from "../../app/layout/useNavContext";
import { adminNavigation, DEFAULT_ADMIN_ROLE, filterAdminNavigation } from "../navigation";
import { AdminNavItem } from "./AdminNavItem";
import { MODERATION_PATH, useModerationBadge } from "./useModerationBadge";

/** The admin navigation's content: brand, the two groups filtered for the user, and the account button. */
export function AdminNavigation() {
  const { t } = useTranslation();
  const productName = useProductName();
  const { actions } = useResolvedActions();
  const { isEnabled } = useFeatureFlags();
  const { closeMobile } = useNavContext();
  const groups = useMemo(
    () =>
      filterAdminNavigation(adminNavigation, { actions, isFeatureEnabled: isEnabled, currentRole: DEFAULT_ADMIN_ROLE }),
    [actions, isEnabled],
  );
  const moderationBadge = useModerationBadge(groups);

  return (
    <Box sx={{ display: "flex", flexDirection: "column", height: "100%" }}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: "center", px: 2.5, pt: 2.5, pb: 1.5 }}>
        <Logo size={36} variant="navigation" />
        <Typography variant="subtitle1" component="p" noWrap sx={{ fontWeight: 700, color: "menu.textPrimary" }}>
          {productName}
        </Typography>
      </Stack>
      <Box sx={{ flex: 1, overflowY: "auto", px: 1.5, pb: 2 }}>
        {groups.map((group) => (
          <List
            key={group.subheader}
            aria-labelledby={`admin-nav-${group.subheader}`}
            subheader={
              <ListSubheader
                id={`admin-nav-${group.subheader}`}
                disableSticky
                sx={{
                  bgcolor: "transparent",
                  color: "menu.textSecondary",
                  fontSize: "0.75rem",
                  fontWeight: 700,
                  textTransform: "uppercase",
                  letterSpacing: "0.08em",
                  lineHeight: "36px",
                  mt: 1,
                }}
              >
                {t(group.subheader)}
              </ListSubheader>
            }
          >
            {group.items.map((item) => (
              <AdminNavItem
                key={item.path}
                item={item}
                onNavigate={closeMobile}
                badge={item.path === MODERATION_PATH ? moderationBadge : undefined}
              />
            ))}
          </List>
        ))}
      </Box>
      <Box sx={(theme) => ({ p: 1.5, borderTop: `1px solid ${alpha(theme.palette.menu.textPrimary, 0.12)}` })}>
        <AccountButton />
      </Box>
    </Box>
  );
}
