import type { BrandTheme } from "./brandTypes";

/**
 * Spec §3 Brand: colours a brand leaves out fall back to this palette. It
 * matches the seeded default brand, and every text pairing meets WCAG AA.
 */
export const defaultBrandColours: Required<BrandTheme> = {
  primary: "#1f6feb",
  secondary: "#8250df",
  menu: "#0d1117",
  menuTextPrimary: "#e6edf3",
  menuTextSecondary: "#8b949e",
  background: "#ffffff",
  paper: "#ffffff",
};

/** Text colours of the light theme (AA on background and paper). */
export const neutralText = {
  primary: "#1f2328",
  secondary: "#59636e",
  boldSecondary: "#3d444d",
};

/** Surfaces for the bold contrast setting: a tinted page so that cards stand out. */
export const boldSurfaces = {
  background: "#eef1f4",
  divider: "rgba(31, 35, 40, 0.24)",
};

export function brandColours(theme: BrandTheme | undefined): Required<BrandTheme> {
  const chosen = Object.fromEntries(
    Object.entries(theme ?? {}).filter(([, value]) => typeof value === "string" && value.trim() !== ""),
  );
  return { ...defaultBrandColours, ...chosen };
}
