import { createContext } from "react";
import type { Settings } from "./settingsStorage";

/** Spec §3: the local settings plus the derived can-reset flag and the drawer and About open flags. */
export interface SettingsContextValue extends Settings {
  canReset: boolean;
  onUpdate<K extends keyof Settings>(name: K, value: Settings[K]): void;
  onReset(): void;
  drawerOpen: boolean;
  onToggleDrawer(): void;
  onCloseDrawer(): void;
  aboutOpen: boolean;
  onToggleAbout(): void;
  onCloseAbout(): void;
}

export const SettingsContext = createContext<SettingsContextValue | null>(null);
