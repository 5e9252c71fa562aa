/**
 * Tables of the administration area (re-exported by schema.ts, the one schema
 * drizzle-kit reads): chat access policies and the identity-provider groups
 * they name.
 */
import { boolean, index, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { gptSystems } from "./chatSchema";
import { users } from "./schema";

/** Restricts chat use of the agents it covers to the principals it names (when enabled). */
export const chatAccessPolicies = pgTable("chat_access_policies", {
  chatAccessPolicyId: uuid("chat_access_policy_id").primaryKey().defaultRandom(),
  name: text("name").notNull(),
  description: text("description").notNull().default(""),
  isEnabled: boolean("is_enabled").notNull().default(true),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** The agents a policy covers; deleting an agent or a policy removes the link. */
export const chatAccessPolicyAgents = pgTable(
  "chat_access_policy_agents",
  {
    chatAccessPolicyId: uuid("chat_access_policy_id")
      .notNull()
      .references(() => chatAccessPolicies.chatAccessPolicyId, { onDelete: "cascade" }),
    gptSystemId: uuid("gpt_system_id")
      .notNull()
      .references(() => gptSystems.gptSystemId, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.chatAccessPolicyId, t.gptSystemId] }),
    index("chat_access_policy_agents_agent").on(t.gptSystemId),
  ],
);

/**
 * Who a policy admits: `user` (a user id), `userRole` (a role id) or `group`
 * (an identity-provider group id, kept as text: groups live at the provider).
 */
export const chatAccessPolicyPrincipals = pgTable(
  "chat_access_policy_principals",
  {
    chatAccessPolicyId: uuid("chat_access_policy_id")
      .notNull()
      .references(() => chatAccessPolicies.chatAccessPolicyId, { onDelete: "cascade" }),
    principalType: text("principal_type").notNull(),
    principalId: text("principal_id").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.chatAccessPolicyId, t.principalType, t.principalId] }),
    index("chat_access_policy_principals_principal").on(t.principalType, t.principalId),
  ],
);

/** A user's identity-provider groups, refreshed at each Entra ID sign-in. */
export const userGroups = pgTable(
  "user_groups",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.userId, { onDelete: "cascade" }),
    groupId: text("group_id").notNull(),
    displayName: text("display_name").notNull().default(""),
  },
  (t) => [primaryKey({ columns: [t.userId, t.groupId] }), index("user_groups_group").on(t.groupId)],
);
