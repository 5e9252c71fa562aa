/** Handlers of the adminInstanceSettings tag: one GET and one PUT per tab (spec section 2, /admin/instanceSettings). */
import type { Handlers } from "../../http/types";
import { privateTabHandlers } from "./privateTabs";
import { publicTabHandlers } from "./publicTabs";

export const adminInstanceSettingsHandlers: Handlers = { ...publicTabHandlers, ...privateTabHandlers };
