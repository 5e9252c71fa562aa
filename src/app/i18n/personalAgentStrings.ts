/**
 * The personal agents' wording (enPersonalAgents.json: their editor, dialogs and directory
 * sections), added to the English resources with their lazy chunks: the chat page's first
 * load does not carry it. Its one key on the chat page itself (`personalAgents.report`) stays
 * in en.json.
 */
import { i18next } from "./i18n";
import enPersonalAgents from "./enPersonalAgents.json";

i18next.addResourceBundle("en", "translation", enPersonalAgents, true, false);
