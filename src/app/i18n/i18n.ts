import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import { readStoredString } from "../store/browserStorage";
import en from "./en.json";

/**
 * English is the only bundled language; a stored language (key i18nextLng)
 * still sets the direction (spec §3) and falls back to English text.
 */
void i18next.use(initReactI18next).init({
  resources: { en: { translation: en } },
  lng: readStoredString("i18nextLng") ?? "en",
  fallbackLng: "en",
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});

export { i18next };
