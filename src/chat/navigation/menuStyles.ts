import { alpha, type Theme } from "@mui/material/styles";

/** Icon and text buttons on the brand's menu surface. */
export const menuIconButtonSx = (theme: Theme) => ({
  color: theme.palette.menu.textSecondary,
  "&:hover": { color: theme.palette.menu.textPrimary, bgcolor: alpha(theme.palette.menu.textPrimary, 0.08) },
});

/** Tabs on the menu surface: unselected in the secondary text colour, selected in the primary one. */
export const menuTabsSx = (theme: Theme) => ({
  minHeight: 40,
  "& .MuiTab-root": {
    minHeight: 40,
    py: 1,
    color: theme.palette.menu.textSecondary,
    fontWeight: 600,
    "&.Mui-selected": { color: theme.palette.menu.textPrimary },
    "&:hover": { color: theme.palette.menu.textPrimary },
  },
  "& .MuiTabs-indicator": { backgroundColor: theme.palette.primary.main, height: 2 },
});

/** A segmented control for sub-tabs (History / Archived, Recent / Pinned). */
export const menuSubTabsSx = (theme: Theme) => ({
  minHeight: 34,
  p: 0.5,
  borderRadius: 2,
  bgcolor: alpha(theme.palette.menu.textPrimary, 0.06),
  "& .MuiTabs-indicator": { display: "none" },
  "& .MuiTab-root": {
    minHeight: 30,
    py: 0.5,
    borderRadius: 1.5,
    fontSize: "0.8125rem",
    fontWeight: 600,
    color: theme.palette.menu.textSecondary,
    "&.Mui-selected": { color: theme.palette.menu.textPrimary, bgcolor: alpha(theme.palette.menu.textPrimary, 0.12) },
  },
});

/** An outlined button on the menu surface. */
export const menuOutlinedButtonSx = (theme: Theme) => ({
  color: theme.palette.menu.textPrimary,
  borderColor: alpha(theme.palette.menu.textPrimary, 0.24),
  justifyContent: "flex-start",
  whiteSpace: "nowrap",
  py: 1,
  px: 2,
  "&:hover": {
    borderColor: alpha(theme.palette.menu.textPrimary, 0.48),
    bgcolor: alpha(theme.palette.menu.textPrimary, 0.06),
  },
  "&.Mui-disabled": {
    color: alpha(theme.palette.menu.textPrimary, 0.4),
    borderColor: alpha(theme.palette.menu.textPrimary, 0.12),
  },
});
