import { useTranslation } from "react-i18next";
import { useInstanceSettings } from "../api/queries/useInstanceSettings";

/** Spec §3: the instance's name, 'Loading...' until the settings have loaded. */
export function useProductName(): string {
  const { t } = useTranslation();
  const settings = useInstanceSettings();
  return settings?.name || t("app.loadingName");
}
