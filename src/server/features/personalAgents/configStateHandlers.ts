/** Creating, reading, editing and publishing the configuration states of the caller's personal agents. */
import { eq } from "drizzle-orm";
import type { components } from "../../../generated/api";
import { assertValid } from "../../admin/context";
import { configStates, gptSystems } from "../../db/chatSchema";
import { problem } from "../../http/problem";
import { requireUser } from "../../http/requireUser";
import type { Handlers } from "../../http/types";
import { availableDeployments, engineErrors } from "../adminGptSystems/engines";
import { savedConfigurationWarnings } from "../adminWarnings/savedConfigurationWarnings";
import { LOCAL_ENGINE } from "../gptSystems/modelForConfig";
import { agentNameErrors } from "./agentNames";
import { assertPersonalAgentsEnabled } from "./featureGate";
import {
  assertMayCreateAgents,
  assertNotBanned,
  deleteOwnAgent,
  loadOwnAgent,
  loadOwnConfigState,
  newestConfigStates,
  toPersonalConfigState,
} from "./ownAgents";

type Schemas = components["schemas"];
type StateParams = { configStateId: string };

/** Configuration fields a draft copies from its source and the owner may change. */
const COPIED = [
  "systemPrompt",
  "introduction",
  "temperature",
  "topP",
  "frequencyPenalty",
  "maxTokens",
  "languageEngine",
  "deploymentName",
  "capabilityTypes",
  "restrictAnswerToInformationReturnedByTools",
  "dataSources",
] as const;

function copyOf(source: Partial<Record<(typeof COPIED)[number], unknown>>): Partial<typeof configStates.$inferInsert> {
  return Object.fromEntries(COPIED.filter((k) => source[k] !== undefined).map((k) => [k, source[k]]));
}

export const personalConfigStateHandlers: Handlers = {
  async createPersonalAgent(request, reply, ctx) {
    const db = ctx.deps.database.db;
    const user = requireUser(ctx);
    await assertPersonalAgentsEnabled(db);
    await assertMayCreateAgents(db, user);
    const { gptSystemName } = request.body as Schemas["PersonalAgentQuickCreateRequest"];
    assertValid(agentNameErrors(gptSystemName));
    const created = await db.transaction(async (tx) => {
      const [agent] = await tx
        .insert(gptSystems)
        .values({ name: gptSystemName.trim(), gptSystemType: "User", status: "Draft", ownerUserId: user.userId })
        .returning();
      const [state] = await tx
        .insert(configStates)
        .values({
          gptSystemId: agent!.gptSystemId,
          configStateType: "User",
          version: 1,
          languageEngine: LOCAL_ENGINE,
          deploymentName: LOCAL_ENGINE,
          createdByUserId: user.userId,
        })
        .returning();
      return toPersonalConfigState(state!, agent!);
    });
    reply.code(201);
    return { configuration: created };
  },

  async createPersonalConfigStateFromGptSystem(request, reply, ctx) {
    const db = ctx.deps.database.db;
    const user = requireUser(ctx);
    await assertPersonalAgentsEnabled(db);
    const agent = await loadOwnAgent(db, user, (request.params as { gptSystemId: string }).gptSystemId);
    assertNotBanned(agent);
    await assertMayCreateAgents(db, user);
    const states = await newestConfigStates(db, agent.gptSystemId);
    const newest = states[0];
    // An unpublished newest draft is where the owner left off: reopen it rather than pile up copies.
    if (newest && newest.configStateId !== agent.publishedConfigStateId) {
      reply.code(201);
      return { configuration: toPersonalConfigState(newest, agent) };
    }
    const [state] = await db
      .insert(configStates)
      .values({
        ...(newest ? copyOf(newest) : {}),
        gptSystemId: agent.gptSystemId,
        configStateType: "User",
        version: (newest?.version ?? 0) + 1,
        createdByUserId: user.userId,
      })
      .returning();
    reply.code(201);
    return { configuration: toPersonalConfigState(state!, agent) };
  },

  async listPersonalAgentDeployments(_request, _reply, ctx) {
    await assertPersonalAgentsEnabled(ctx.deps.database.db);
    return availableDeployments(ctx.deps.database.db);
  },

  async getPersonalConfigState(request, _reply, ctx) {
    const db = ctx.deps.database.db;
    await assertPersonalAgentsEnabled(db);
    const { state, agent } = await loadOwnConfigState(
      db,
      requireUser(ctx),
      (request.params as StateParams).configStateId,
    );
    return { configuration: toPersonalConfigState(state, agent) };
  },

  async updatePersonalConfigState(request, _reply, ctx) {
    const db = ctx.deps.database.db;
    const user = requireUser(ctx);
    await assertPersonalAgentsEnabled(db);
    const { configStateId } = request.params as StateParams;
    const body = request.body as Schemas["UpdatePersonalConfigStateRequest"];
    const { state, agent } = await loadOwnConfigState(db, user, configStateId);
    assertNotBanned(agent);
    await assertMayCreateAgents(db, user);
    if (agent.publishedConfigStateId === configStateId)
      throw problem(409, "Conflict", "The published configuration cannot be edited: edit a draft made from it.");
    assertValid({
      ...(body.gptSystemName !== undefined ? agentNameErrors(body.gptSystemName) : {}),
      ...(await engineErrors(
        db,
        body.languageEngine ?? state.languageEngine,
        body.deploymentName ?? state.deploymentName,
      )),
    });
    const configuration = await db.transaction(async (tx) => {
      const now = new Date();
      const [updatedAgent] = await tx
        .update(gptSystems)
        .set({
          ...(body.gptSystemName !== undefined ? { name: body.gptSystemName.trim() } : {}),
          ...(body.description !== undefined ? { description: body.description } : {}),
          updatedAt: now,
        })
        .where(eq(gptSystems.gptSystemId, agent.gptSystemId))
        .returning();
      const [updatedState] = await tx
        .update(configStates)
        .set({ ...copyOf(body), updatedAt: now })
        .where(eq(configStates.configStateId, configStateId))
        .returning();
      return toPersonalConfigState(updatedState!, updatedAgent!);
    });
    return { configuration, warnings: await savedConfigurationWarnings(db, configuration) };
  },

  async deletePersonalConfigState(request, _reply, ctx) {
    const db = ctx.deps.database.db;
    await assertPersonalAgentsEnabled(db);
    const { configStateId } = request.params as StateParams;
    const { state, agent } = await loadOwnConfigState(db, requireUser(ctx), configStateId);
    if (agent.publishedConfigStateId === configStateId)
      throw problem(409, "Conflict", "The published configuration cannot be discarded: delete the agent instead.");
    if (!agent.publishedConfigStateId) {
      // Never published: the draft is all there is of the agent.
      await deleteOwnAgent(db, agent.gptSystemId);
      return undefined;
    }
    const published = (await newestConfigStates(db, agent.gptSystemId)).find(
      (s) => s.configStateId === agent.publishedConfigStateId,
    );
    if (published && state.version < published.version)
      throw problem(409, "Conflict", "Only a draft, newer than the published configuration, can be discarded.");
    // Its test conversations go with it (conversations.draftConfigStateId cascades).
    await db.delete(configStates).where(eq(configStates.configStateId, configStateId));
    return undefined;
  },

  async publishPersonalConfigState(request, _reply, ctx) {
    const db = ctx.deps.database.db;
    const user = requireUser(ctx);
    await assertPersonalAgentsEnabled(db);
    const { configStateId } = request.params as StateParams;
    const { state, agent } = await loadOwnConfigState(db, user, configStateId);
    assertNotBanned(agent);
    await assertMayCreateAgents(db, user);
    if (Object.keys(await engineErrors(db, state.languageEngine, state.deploymentName)).length > 0)
      throw problem(409, "Conflict", "This configuration's model no longer exists: choose another one in the draft.");
    const [published] = await db
      .update(gptSystems)
      .set({
        publishedConfigStateId: configStateId,
        status: agent.status === "Draft" ? "Active" : agent.status,
        updatedAt: new Date(),
      })
      .where(eq(gptSystems.gptSystemId, agent.gptSystemId))
      .returning();
    return { configuration: toPersonalConfigState(state, published!) };
  },
};
