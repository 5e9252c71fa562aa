import "i18next";
import type en from "./en.json";
import type enAdmin from "./enAdmin.json";
import type enSpeech from "./enSpeech.json";
import type enTour from "./enTour.json";

/** Translation keys are checked against the English resources (the chat's, the tour's, read-aloud's and the admin area's). */
declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "translation";
    resources: { translation: typeof en & typeof enTour & typeof enSpeech & typeof enAdmin };
  }
}
