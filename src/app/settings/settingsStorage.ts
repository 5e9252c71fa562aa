import type { Direction } from "@mui/material/styles";
import type { ThemeContrast } from "../brand/createBrandTheme";
import { readStoredJson, readStoredString, writeStoredJson } from "../store/browserStorage";

/** Spec §3 "Local settings (browser storage key settings)". */
export interface Settings {
  themeContrast: ThemeContrast;
  themeStretch: boolean;
  themeDirection: Direction;
}

export const SETTINGS_STORAGE_KEY = "settings";
const LANGUAGE_STORAGE_KEY = "i18nextLng";

/** Spec §3: the direction is rtl when the stored language is ar. */
export function languageDirection(): Direction {
  return readStoredString(LANGUAGE_STORAGE_KEY) === "ar" ? "rtl" : "ltr";
}

export function defaultSettings(): Settings {
  return { themeContrast: "default", themeStretch: false, themeDirection: languageDirection() };
}

export function loadSettings(): Settings {
  const stored = readStoredJson<Partial<Settings>>(SETTINGS_STORAGE_KEY) ?? {};
  const defaults = defaultSettings();
  return {
    themeContrast: stored.themeContrast === "bold" ? "bold" : "default",
    themeStretch: stored.themeStretch === true,
    themeDirection: defaults.themeDirection,
  };
}

export function saveSettings(settings: Settings): void {
  writeStoredJson(SETTINGS_STORAGE_KEY, settings);
}

/** Spec §2 Settings drawer: Reset is badged only when the settings differ from the defaults. */
export function canResetSettings(settings: Settings): boolean {
  const defaults = defaultSettings();
  return (Object.keys(defaults) as (keyof Settings)[]).some((key) => settings[key] !== defaults[key]);
}
