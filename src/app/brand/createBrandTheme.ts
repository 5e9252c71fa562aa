import { alpha, createTheme, responsiveFontSizes, type Direction, type Theme } from "@mui/material/styles";
import type { BrandTheme } from "./brandTypes";
import { boldSurfaces, brandColours, neutralText } from "./palette";
import "./themeAugmentation";

export type ThemeContrast = "default" | "bold";

export interface BrandThemeOptions {
  brandTheme: BrandTheme | undefined;
  contrast: ThemeContrast;
  direction: Direction;
}

const fontFamily = [
  "Inter",
  "system-ui",
  "-apple-system",
  '"Segoe UI"',
  "Roboto",
  '"Helvetica Neue"',
  "Arial",
  "sans-serif",
].join(",");

/** Spec §9 popper defaults. */
export const TOOLTIP_ENTER_DELAY_MS = 400;
export const TOOLTIP_OFFSET_PX = 15;
const tooltipOffset = { name: "offset", options: { offset: [0, TOOLTIP_OFFSET_PX] } };

/** Spec §9: the default theme is light and left-to-right; the brand supplies the colours. */
export function createBrandTheme({ brandTheme, contrast, direction }: BrandThemeOptions): Theme {
  const colours = brandColours(brandTheme);
  const bold = contrast === "bold";
  const theme = createTheme({
    direction,
    palette: {
      mode: "light",
      // WCAG AA for normal text: choose white or black text on coloured surfaces at 4.5:1.
      contrastThreshold: 4.5,
      primary: { main: colours.primary },
      secondary: { main: colours.secondary },
      background: { default: bold ? boldSurfaces.background : colours.background, paper: colours.paper },
      text: { primary: neutralText.primary, secondary: bold ? neutralText.boldSecondary : neutralText.secondary },
      divider: bold ? boldSurfaces.divider : "rgba(31, 35, 40, 0.12)",
      menu: { main: colours.menu, textPrimary: colours.menuTextPrimary, textSecondary: colours.menuTextSecondary },
    },
    shape: { borderRadius: 10 },
    typography: {
      fontFamily,
      h1: { fontWeight: 700 },
      h2: { fontWeight: 700 },
      h3: { fontWeight: 700 },
      h4: { fontWeight: 700, letterSpacing: "-0.01em" },
      h5: { fontWeight: 600 },
      h6: { fontWeight: 600 },
      button: { textTransform: "none", fontWeight: 600 },
    },
  });
  return responsiveFontSizes(
    createTheme(theme, {
      components: {
        MuiButton: { defaultProps: { disableElevation: true } },
        MuiButtonBase: {
          styleOverrides: {
            // ButtonBase sets outline: 0 over the global focus ring below, and its focus ripple is too faint
            // to see (WCAG 2.4.7, 1.4.11): every button, tab and icon button gets the ring back.
            root: { "&.Mui-focusVisible": { outline: `2px solid ${colours.primary}`, outlineOffset: 2 } },
          },
        },
        // Rows and tabs fill a box that scrolls (a menu, a list, the tab strip): their ring goes inside them,
        // where it is not cut off.
        ...Object.fromEntries(
          ["MuiMenuItem", "MuiListItemButton", "MuiTab"].map((name) => [
            name,
            { styleOverrides: { root: { "&.Mui-focusVisible": { outlineOffset: -2 } } } },
          ]),
        ),
        MuiCard: {
          styleOverrides: {
            root: {
              boxShadow: bold
                ? theme.shadows[4]
                : `0 1px 2px ${alpha("#1f2328", 0.06)}, 0 8px 24px ${alpha("#1f2328", 0.08)}`,
            },
          },
        },
        MuiTooltip: {
          // Spec §9 popper defaults: shown after a 0.4 s hover, 15 px from its anchor.
          defaultProps: {
            enterDelay: TOOLTIP_ENTER_DELAY_MS,
            slotProps: { popper: { popperOptions: { modifiers: [tooltipOffset] } } },
          },
          styleOverrides: {
            tooltip: {
              fontSize: "0.8125rem",
              // The offset is the whole gap: MUI's own 14 px (24 px on touch) margin would add to it.
              ...Object.fromEntries(
                ["left", "right", "top", "bottom"].map((side) => [
                  `.MuiTooltip-popper[data-popper-placement*="${side}"] &`,
                  { margin: 0 },
                ]),
              ),
            },
          },
        },
        MuiCssBaseline: {
          styleOverrides: {
            // Visible focus for keyboard users on every control (WCAG 2.4.7).
            ":focus-visible": { outline: `2px solid ${colours.primary}`, outlineOffset: 2 },
            // An icon's drawing lies within its box, so the clip browsers give every svg is not needed;
            // each clip is a paint chunk of its own, which every frame's layerization goes through (the
            // answers' action icons: 12–17 % of that step, 0.03–0.04 ms per frame while an answer streams).
            ".MuiSvgIcon-root": { overflow: "visible" },
          },
        },
      },
    }),
  );
}
