/** Handlers of the adminGptSystems tag. */
import type { Handlers } from "../../http/types";
import { agentHandlers } from "./agentHandlers";
import { configStateHandlers } from "./configStateHandlers";
import { promptHandlers } from "./promptHandlers";

export const adminGptSystemsHandlers: Handlers = { ...agentHandlers, ...configStateHandlers, ...promptHandlers };
