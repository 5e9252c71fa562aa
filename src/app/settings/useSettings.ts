import { useContext } from "react";
import { SettingsContext, type SettingsContextValue } from "./SettingsContext";

/** The local settings; spec §8: using it outside its provider is an error. */
export function useSettings(): SettingsContextValue {
  const context = useContext(SettingsContext);
  if (!context) throw new Error("useSettings must be used inside a SettingsProvider");
  return context;
}
