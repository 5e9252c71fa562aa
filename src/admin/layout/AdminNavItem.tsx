import ExpandLessRoundedIcon from "@mui/icons-material/ExpandLessRounded";
import ExpandMoreRoundedIcon from "@mui/icons-material/ExpandMoreRounded";
import OpenInNewRoundedIcon from "@mui/icons-material/OpenInNewRounded";
import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import Collapse from "@mui/material/Collapse";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemButton from "@mui/material/ListItemButton";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import { alpha, type Theme } from "@mui/material/styles";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useLocation } from "react-router-dom";
import {
  activeChildPaths,
  isNavEntryActive,
  opensInNewTab,
  type AdminNavItem as AdminNavItemData,
} from "../navigation";
import { visuallyHidden } from "../../app/a11y/visuallyHidden";
import { adminIcons } from "./adminIcons";

const itemSx = (theme: Theme) => ({
  borderRadius: 2,
  mb: 0.5,
  color: theme.palette.menu.textSecondary,
  "& .MuiListItemIcon-root": { color: "inherit", minWidth: 36 },
  "&:hover": { color: theme.palette.menu.textPrimary, bgcolor: alpha(theme.palette.menu.textPrimary, 0.06) },
  "&.active": { color: theme.palette.menu.textPrimary, bgcolor: alpha(theme.palette.primary.main, 0.24) },
  "&.active .MuiListItemIcon-root": { color: theme.palette.menu.textPrimary },
});

export interface AdminNavItemProps {
  item: AdminNavItemData;
  depth?: number;
  onNavigate(): void;
  /** A count shown on the item (spec §4: the moderation badge = Open reports); hidden when 0 or unknown. */
  badge?: number;
  /** Set by the parent for a child: among siblings, one on its own path wins over the contains rule. */
  active?: boolean;
}

/**
 * One admin navigation entry. Spec §2: active per isNavItemActive; an item with
 * children expands on click and collapses when the location changes and it is not active.
 */
export function AdminNavItem({ item, depth = 0, onNavigate, badge, active: activeFromParent }: AdminNavItemProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const active = activeFromParent ?? isNavEntryActive(item, pathname);
  const [open, setOpen] = useState(active);
  const [seenPathname, setSeenPathname] = useState(pathname);
  if (seenPathname !== pathname) {
    setSeenPathname(pathname);
    if (!active) setOpen(false);
  }

  const label = (
    <ListItemText
      primary={t(item.title)}
      secondary={item.caption}
      slotProps={{
        primary: { sx: { fontWeight: 600, fontSize: "0.875rem" } },
        secondary: { sx: { color: "inherit", opacity: 0.8 } },
      }}
    />
  );
  const icon = item.icon && <ListItemIcon>{adminIcons[item.icon]}</ListItemIcon>;
  const common = {
    disabled: item.disabled,
    className: active ? "active" : undefined,
    sx: [itemSx, { pl: 1.5 + depth * 2 }],
  };

  if (item.children && item.children.length > 0) {
    const activeChildren = activeChildPaths(item.children, pathname);
    return (
      <ListItem disablePadding sx={{ display: "block" }}>
        <ListItemButton {...common} aria-expanded={open} onClick={() => setOpen((current) => !current)}>
          {icon}
          {label}
          {open ? <ExpandLessRoundedIcon fontSize="small" /> : <ExpandMoreRoundedIcon fontSize="small" />}
        </ListItemButton>
        <Collapse in={open} unmountOnExit>
          <List disablePadding>
            {item.children.map((child) => (
              <AdminNavItem
                key={child.path}
                item={child}
                depth={depth + 1}
                onNavigate={onNavigate}
                active={activeChildren.has(child.path)}
              />
            ))}
          </List>
        </Collapse>
      </ListItem>
    );
  }

  if (opensInNewTab(item)) {
    return (
      <ListItem disablePadding sx={{ display: "block" }}>
        <ListItemButton {...common} component="a" href={item.path} target="_blank" rel="noopener noreferrer">
          {icon}
          {label}
          <Box component="span" sx={visuallyHidden}>
            {t("admin.opensInNewTab")}
          </Box>
          <OpenInNewRoundedIcon fontSize="small" aria-hidden />
        </ListItemButton>
      </ListItem>
    );
  }

  return (
    <ListItem disablePadding sx={{ display: "block" }}>
      <ListItemButton
        {...common}
        component={RouterLink}
        to={item.path}
        aria-current={active ? "page" : undefined}
        onClick={onNavigate}
      >
        {icon}
        {label}
        {item.info && <ListItemText secondary={item.info} sx={{ flex: "none" }} />}
        {badge !== undefined && badge > 0 && (
          <Chip
            size="small"
            color="error"
            label={badge}
            aria-label={t("moderation.openReportsBadge", { count: badge })}
            sx={{ height: 20, minWidth: 20, fontWeight: 700, "& .MuiChip-label": { px: 0.75 } }}
          />
        )}
      </ListItemButton>
    </ListItem>
  );
}
