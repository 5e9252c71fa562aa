/** Every feature's handlers, keyed by operationId; the router refuses to start when one is missing. */
import type { Handlers } from "../http/types";
import { adminAnalyticsHandlers } from "./adminAnalytics/handlers";
import { adminAuditLoggingHandlers } from "./adminAuditLogging/handlers";
import { adminBrandsHandlers } from "./adminBrands/handlers";
import { adminChatAccessPoliciesHandlers } from "./adminChatAccessPolicies/handlers";
import { adminConnectionsHandlers } from "./adminConnections/handlers";
import { adminGptSystemsHandlers } from "./adminGptSystems/handlers";
import { adminGuidelinesHandlers } from "./adminGuidelines/handlers";
import { adminInstanceSettingsHandlers } from "./adminInstanceSettings/handlers";
import { adminPerformanceTestsHandlers } from "./adminPerformanceTests/handlers";
import { adminModerationHandlers } from "./adminModeration/handlers";
import { adminUserRolesHandlers } from "./adminUserRoles/handlers";
import { adminUsersHandlers } from "./adminUsers/handlers";
import { attachmentsHandlers } from "./attachments/handlers";
import { authorizationHandlers } from "./authorization/handlers";
import { brandsHandlers } from "./brands/handlers";
import { cloudGroupsHandlers } from "./cloudGroups/handlers";
import { codeInterpreterHandlers } from "./codeInterpreter/handlers";
import { configStateConversationsHandlers } from "./configStateConversations/handlers";
import { currentUserAgentHandlers } from "./currentUser/agentHandlers";
import { currentUserHandlers } from "./currentUser/handlers";
import { dataSourcesHandlers } from "./dataSources/handlers";
import { gptSystemsHandlers } from "./gptSystems/handlers";
import { guidelinesHandlers } from "./guidelines/handlers";
import { instanceHandlers } from "./instance/handlers";
import { personalAgentsHandlers } from "./personalAgents/handlers";
import { publicConversationsHandlers } from "./publicConversations/handlers";
import { userConversationFileHandlers } from "./userConversations/fileHandlers";
import { userConversationsHandlers } from "./userConversations/handlers";
import { speechHandlers } from "./userConversations/speechHandlers";
import { userPromptsHandlers } from "./userPrompts/handlers";

/** Merges feature handler maps; one operationId claimed twice is a programming error. */
export function combineHandlers(...groups: Handlers[]): Handlers {
  const combined: Handlers = {};
  for (const group of groups)
    for (const [operationId, handler] of Object.entries(group)) {
      if (Object.hasOwn(combined, operationId)) throw new Error(`Two handlers for operation ${operationId}`);
      combined[operationId] = handler;
    }
  return combined;
}

export const handlers: Handlers = combineHandlers(
  authorizationHandlers,
  adminGuidelinesHandlers,
  guidelinesHandlers,
  cloudGroupsHandlers,
  currentUserHandlers,
  currentUserAgentHandlers,
  instanceHandlers,
  brandsHandlers,
  gptSystemsHandlers,
  userConversationsHandlers,
  speechHandlers,
  publicConversationsHandlers,
  userConversationFileHandlers,
  codeInterpreterHandlers,
  attachmentsHandlers,
  dataSourcesHandlers,
  userPromptsHandlers,
  adminGptSystemsHandlers,
  adminConnectionsHandlers,
  adminUserRolesHandlers,
  adminUsersHandlers,
  adminChatAccessPoliciesHandlers,
  adminBrandsHandlers,
  adminAuditLoggingHandlers,
  adminInstanceSettingsHandlers,
  adminAnalyticsHandlers,
  adminPerformanceTestsHandlers,
  personalAgentsHandlers,
  adminModerationHandlers,
  configStateConversationsHandlers,
);
