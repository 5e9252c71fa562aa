import "i18next";
import type en from "./en.json";
import type enAdmin from "./enAdmin.json";
import type enAgents from "./enAgents.json";
import type enLogin from "./enLogin.json";
import type enPersonalAgents from "./enPersonalAgents.json";
import type enPublicChat from "./enPublicChat.json";
import type enSpeech from "./enSpeech.json";
import type enTour from "./enTour.json";

/** Translation keys are checked against the English resources (the chat page's, and those loaded with other pages and features). */
declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "translation";
    resources: { translation: typeof en & typeof enAgents & typeof enLogin & typeof enPersonalAgents & typeof enPublicChat & typeof enTour & typeof enSpeech & typeof enAdmin };
  }
}
