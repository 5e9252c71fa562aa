/** Configuration states: list, draft from the published one, read, edit drafts, publish. */
import { eq } from "drizzle-orm";
import { auditedChange } from "../../admin/audit";
import { assertValid } from "../../admin/context";
import { sendAll } from "../../admin/listQuery";
import { configStates, gptSystems } from "../../db/chatSchema";
import { problem } from "../../http/problem";
import type { HandlerContext, Handlers } from "../../http/types";
import { adminGptSystem, loadAgent } from "./agentRecords";
import { configStatesOf, loadConfigState, toAdminConfigState, type AdminConfigState } from "./configStateRecords";
import { engineErrors } from "./engines";
import { requireUser } from "../../http/requireUser";
import { savedConfigurationWarnings } from "../adminWarnings/savedConfigurationWarnings";

type AgentParams = { gptSystemId: string };
type StateParams = { configStateId: string };

/** Fields copied into a new draft and editable on a draft (everything but identity and bookkeeping). */
const EDITABLE = [
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

function editableOf(source: Partial<Record<(typeof EDITABLE)[number], unknown>>) {
  return Object.fromEntries(EDITABLE.filter((k) => source[k] !== undefined).map((k) => [k, source[k]])) as Partial<
    typeof configStates.$inferInsert
  >;
}

/** The saved configuration with the warnings about it (spec §8), read once the save has committed. */
async function withWarnings(ctx: HandlerContext, saved: AdminConfigState): Promise<AdminConfigState> {
  const warnings = await savedConfigurationWarnings(ctx.deps.database.db, {
    languageEngine: saved.languageEngine ?? "",
    deploymentName: saved.deploymentName ?? "",
    capabilityTypes: saved.capabilityTypes ?? [],
    dataSources: saved.dataSources ?? [],
    temperature: saved.temperature,
    topP: saved.topP,
    frequencyPenalty: saved.frequencyPenalty,
  });
  return { ...saved, warnings };
}

export const configStateHandlers: Handlers = {
  async listAdminGptSystemConfigStates(request, reply, ctx) {
    const db = ctx.deps.database.db;
    const agent = await loadAgent(db, (request.params as AgentParams).gptSystemId);
    return sendAll(
      reply,
      "configStates",
      (await configStatesOf(db, agent.gptSystemId)).map((s) => toAdminConfigState(s, agent)),
    );
  },

  async createAdminGptSystemConfigState(request, reply, ctx) {
    const { gptSystemId } = request.params as AgentParams;
    const from = (request.body as { fromConfigStateId?: string } | undefined)?.fromConfigStateId;
    const created = await auditedChange(ctx, async (tx, audit) => {
      const agent = await loadAgent(tx, gptSystemId);
      const existing = await configStatesOf(tx, gptSystemId);
      const sourceId = from ?? agent.publishedConfigStateId ?? existing[0]?.configStateId;
      const source = existing.find((s) => s.configStateId === sourceId);
      if (from && !source) assertValid({ fromConfigStateId: ["is not a configuration of this agent"] });
      const [state] = await tx
        .insert(configStates)
        .values({
          ...(source ? editableOf(source) : {}),
          gptSystemId,
          configStateType: agent.gptSystemType === "User" ? "User" : "System",
          version: (existing[0]?.version ?? 0) + 1,
          createdByUserId: requireUser(ctx).userId,
        })
        .returning();
      const after = toAdminConfigState(state!, agent);
      await audit({ entityType: "ConfigState", entityId: state!.configStateId, operation: "Create", after });
      return after;
    });
    reply.code(201);
    return withWarnings(ctx, created);
  },

  async getAdminConfigState(request, _reply, ctx) {
    const { state, agent } = await loadConfigState(ctx.deps.database.db, (request.params as StateParams).configStateId);
    return toAdminConfigState(state, agent);
  },

  async updateAdminConfigState(request, _reply, ctx) {
    const { configStateId } = request.params as StateParams;
    const body = request.body as AdminConfigState;
    const saved = await auditedChange(ctx, async (tx, audit) => {
      const { state, agent } = await loadConfigState(tx, configStateId);
      if (agent.publishedConfigStateId === configStateId)
        throw problem(
          409,
          "Conflict",
          "The published configuration cannot be edited: create a draft from it, edit the draft and publish it.",
        );
      const changes = editableOf(body);
      assertValid(
        await engineErrors(
          tx,
          changes.languageEngine ?? state.languageEngine,
          changes.deploymentName ?? state.deploymentName,
        ),
      );
      const [row] = await tx
        .update(configStates)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(configStates.configStateId, configStateId))
        .returning();
      const after = toAdminConfigState(row!, agent);
      await audit({
        entityType: "ConfigState",
        entityId: configStateId,
        operation: "Update",
        before: toAdminConfigState(state, agent),
        after,
      });
      return after;
    });
    return withWarnings(ctx, saved);
  },

  async publishAdminGptSystem(request, _reply, ctx) {
    const { gptSystemId } = request.params as AgentParams;
    const { configStateId } = request.body as { configStateId: string };
    return auditedChange(ctx, async (tx, audit) => {
      const agent = await loadAgent(tx, gptSystemId);
      const state = (await configStatesOf(tx, gptSystemId)).find((s) => s.configStateId === configStateId);
      if (!state) assertValid({ configStateId: ["is not a configuration of this agent"] });
      if (agent.status === "Deleted")
        throw problem(409, "Conflict", "A deleted agent cannot be published: restore it by setting its status first.");
      const broken = await engineErrors(tx, state!.languageEngine, state!.deploymentName);
      if (Object.keys(broken).length > 0)
        throw problem(
          409,
          "Conflict",
          "This configuration's language engine or deployment no longer exists: choose another one in the draft.",
        );
      const before = await adminGptSystem(tx, gptSystemId);
      await tx
        .update(gptSystems)
        .set({
          publishedConfigStateId: configStateId,
          status: agent.status === "Draft" ? "Active" : agent.status,
          updatedAt: new Date(),
        })
        .where(eq(gptSystems.gptSystemId, gptSystemId));
      const after = await adminGptSystem(tx, gptSystemId);
      await audit({ entityType: "GptSystem", entityId: gptSystemId, operation: "Publish", before, after });
      return after;
    });
  },
};
