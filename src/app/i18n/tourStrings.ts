/**
 * The Quick Start tour's wording (enTour.json), added to the English resources
 * when the tour first starts: the chat page's first load does not carry it.
 */
import { i18next } from "./i18n";
import enTour from "./enTour.json";

i18next.addResourceBundle("en", "translation", enTour, true, false);
