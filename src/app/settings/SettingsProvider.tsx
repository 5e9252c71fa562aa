import { type ReactNode, useCallback, useMemo, useState } from "react";
import { SettingsContext, type SettingsContextValue } from "./SettingsContext";
import { canResetSettings, defaultSettings, loadSettings, saveSettings, type Settings } from "./settingsStorage";

/** Holds the local settings (persisted under `settings`) and the Settings and About drawer flags. */
export function SettingsProvider({ children }: { children: ReactNode }) {
  const [settings, setSettings] = useState<Settings>(loadSettings);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [aboutOpen, setAboutOpen] = useState(false);

  const apply = useCallback((next: Settings) => {
    saveSettings(next);
    setSettings(next);
  }, []);

  const onUpdate = useCallback(
    <K extends keyof Settings>(name: K, value: Settings[K]) => apply({ ...settings, [name]: value }),
    [apply, settings],
  );

  const value = useMemo<SettingsContextValue>(
    () => ({
      ...settings,
      canReset: canResetSettings(settings),
      onUpdate,
      onReset: () => apply(defaultSettings()),
      drawerOpen,
      onToggleDrawer: () => setDrawerOpen((open) => !open),
      onCloseDrawer: () => setDrawerOpen(false),
      aboutOpen,
      onToggleAbout: () => setAboutOpen((open) => !open),
      onCloseAbout: () => setAboutOpen(false),
    }),
    [settings, onUpdate, apply, drawerOpen, aboutOpen],
  );

  return <SettingsContext.Provider value={value}>{children}</SettingsContext.Provider>;
}
