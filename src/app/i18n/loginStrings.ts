/**
 * The sign-in page's wording (enLogin.json), added to the English resources with
 * its lazy chunks: the chat page's first load does not carry it.
 */
import { i18next } from "./i18n";
import enLogin from "./enLogin.json";

i18next.addResourceBundle("en", "translation", enLogin, true, false);
