/**
 * The agent directory's and the Agents tab's wording (enAgents.json), added to the English resources with
 * its lazy chunks: the chat page's first load does not carry it.
 */
import { i18next } from "./i18n";
import enAgents from "./enAgents.json";

i18next.addResourceBundle("en", "translation", enAgents, true, false);
