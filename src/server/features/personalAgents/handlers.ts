/** Handlers of the personalAgents tag. */
import type { Handlers } from "../../http/types";
import { personalAgentHandlers } from "./agentHandlers";
import { personalConfigStateHandlers } from "./configStateHandlers";
import { reportHandlers } from "./reportHandlers";
import { sharingHandlers } from "./sharingHandlers";

export const personalAgentsHandlers: Handlers = {
  ...personalConfigStateHandlers,
  ...personalAgentHandlers,
  ...reportHandlers,
  ...sharingHandlers,
};
