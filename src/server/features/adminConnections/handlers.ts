/**
 * Handlers of the adminConnections tag. Model keys are instance settings
 * ("apiKeys" in the spec's terms), so connections need InstanceSettingsRead to
 * read and InstanceSettingsWrite to change or test.
 */
import type { Handlers } from "../../http/types";
import { connectionHandlers } from "./connectionHandlers";
import { connectionTestHandlers } from "./connectionTest";
import { deploymentHandlers } from "./deploymentHandlers";

export const adminConnectionsHandlers: Handlers = {
  ...connectionHandlers,
  ...deploymentHandlers,
  ...connectionTestHandlers,
};
