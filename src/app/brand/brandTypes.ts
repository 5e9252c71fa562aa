import type { components } from "../../generated/api";

export type Brand = components["schemas"]["Brand"];
export type BrandTheme = components["schemas"]["BrandTheme"];
export type LoginAlignment = components["schemas"]["LoginAlignment"];

/** `default` names the instance's default brand (contract, parameter brandKey). */
export const DEFAULT_BRAND_KEY = "default";
