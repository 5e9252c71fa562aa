import { alpha, type Theme } from "@mui/material/styles";

/**
 * A button on the menu surface focused with the keyboard: a ring in the menu's text colour,
 * which contrasts with the surface in every brand (the hover tint alone is faint on a dark one).
 */
export const menuFocusRing = (theme: Theme) => ({
  "&.Mui-focusVisible": { outline: `2px solid ${theme.palette.menu.textPrimary}`, outlineOffset: 2 },
});

/** Icon and text buttons on the brand's menu surface. */
export const menuIconButtonSx = (theme: Theme) => ({
  color: theme.palette.menu.textSecondary,
  "&:hover": { color: theme.palette.menu.textPrimary, bgcolor: alpha(theme.palette.menu.textPrimary, 0.08) },
  ...menuFocusRing(theme),
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

/**
 * A list row focused with the keyboard (a conversation, an agent): a ring inside its rounded edge (the
 * list's scroll box would cut one outside it), in place of the theme's outline.
 */
export const navRowFocusRing = (theme: Theme) => ({
  outline: "none",
  boxShadow: `inset 0 0 0 2px ${theme.palette.primary.light}`,
});
