/**
 * The admin area's wording (enAdmin.json), added to the English resources when
 * the admin area loads: the chat page never needs it, so it stays out of the
 * chat page's first load (its initial JS budget).
 */
import { i18next } from "./i18n";
import enAdmin from "./enAdmin.json";

i18next.addResourceBundle("en", "translation", enAdmin, true, false);
