/**
 * The read-aloud controls' wording (enSpeech.json), added to the English resources
 * with their lazy chunk: the chat page's first load does not carry it.
 */
import { i18next } from "./i18n";
import enSpeech from "./enSpeech.json";

i18next.addResourceBundle("en", "translation", enSpeech, true, false);
