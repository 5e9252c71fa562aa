/**
 * The public chat's wording (enPublicChat.json), added to the English resources with
 * its lazy chunks: the chat page's first load does not carry it.
 */
import { i18next } from "./i18n";
import enPublicChat from "./enPublicChat.json";

i18next.addResourceBundle("en", "translation", enPublicChat, true, false);
