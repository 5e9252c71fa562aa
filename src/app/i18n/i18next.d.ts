import "i18next";
import type en from "./en.json";

/** Translation keys are checked against the English resources. */
declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "translation";
    resources: { translation: typeof en };
  }
}
