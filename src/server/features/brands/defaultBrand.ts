/** The brand every instance starts with, and its two images (original SVGs kept next to this file). */
import { readFileSync } from "node:fs";

export const DEFAULT_BRAND_KEY = "default";

/** Stored in brands.settings: the contract's Brand without brandKey, name and defaultBrandKey. */
export const defaultBrandSettings = {
  logoFileName: "logo.svg",
  navigationLogoFileName: "logo.svg",
  avatarFileName: "avatar.svg",
  splashScreenBackgroundFileName: null,
  useLoginBackgroundImg: false,
  loginBackground: { main: "#0d1117" },
  loginAlignment: "Center",
  theme: {
    primary: "#1f6feb",
    secondary: "#8250df",
    menu: "#0d1117",
    menuTextPrimary: "#e6edf3",
    menuTextSecondary: "#8b949e",
  },
};

export interface BrandFileSeed {
  fileName: string;
  mimeType: string;
  /** Base64, as brand_files stores it. */
  content: string;
}

function svgAsset(fileName: string): BrandFileSeed {
  const bytes = readFileSync(new URL(`./assets/${fileName}`, import.meta.url));
  return { fileName, mimeType: "image/svg+xml", content: bytes.toString("base64") };
}

export function defaultBrandFiles(): BrandFileSeed[] {
  return [svgAsset("logo.svg"), svgAsset("avatar.svg")];
}
