/**
 * Which configuration a test conversation is answered with, and who may use it:
 * administrators with the agent-management action any configuration; the owner of a
 * personal agent only that agent's configurations (404 for anyone else's).
 */
import type { UsableAgent } from "../../cache/appCaches";
import type { AuthenticatedUser, HandlerContext } from "../../http/types";
import { loadConfigState } from "../adminGptSystems/configStateRecords";
import { assertPersonalAgentsEnabled } from "../personalAgents/featureGate";
import { assertMayCreateAgents, assertNotBanned, loadOwnConfigState } from "../personalAgents/ownAgents";

export type ConfigurationScope = "admin" | "personal";

/** The agent with the configuration under test in place of its published one. */
export async function configurationUnderTest(
  ctx: HandlerContext,
  user: AuthenticatedUser,
  scope: ConfigurationScope,
  configStateId: string,
): Promise<UsableAgent> {
  const db = ctx.deps.database.db;
  if (scope === "admin") {
    const { state, agent } = await loadConfigState(db, configStateId);
    return { agent, config: state };
  }
  await assertPersonalAgentsEnabled(db);
  const { state, agent } = await loadOwnConfigState(db, user, configStateId);
  return { agent, config: state };
}

/** Asking is refused where the chat would refuse the published agent: a banned agent, or a creator banned from creating. */
export async function assertMayAsk(
  ctx: HandlerContext,
  user: AuthenticatedUser,
  scope: ConfigurationScope,
  target: UsableAgent,
): Promise<void> {
  if (scope === "admin") return;
  assertNotBanned(target.agent);
  await assertMayCreateAgents(ctx.deps.database.db, user);
}
