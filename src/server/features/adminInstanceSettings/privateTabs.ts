/** The apiKeys, hipaa, budget and personalAgents tabs (none of them public). */
import { asc } from "drizzle-orm";
import type { components } from "../../../generated/api";
import { auditedChange } from "../../admin/audit";
import type { Db } from "../../db/client";
import { connections } from "../../db/chatSchema";
import { featureFlags } from "../../db/schema";
import {
  embeddingDeploymentChoices,
  embeddingDeploymentErrors,
  EMBEDDING_SETTING,
  readEmbeddingSetting,
} from "../../embeddings/embeddingModel";
import { problem } from "../../http/problem";
import type { HandlerContext, Handlers } from "../../http/types";
import { applyHipaaSettings } from "../../hipaa/registerHipaaMaintenance";
import { maskSecret } from "../../security/secretBox";
import { secretBoxFor } from "../../security/secretBoxFor";
import { adminConnection } from "../adminConnections/connectionRecords";
import { applyEmbeddingSetting } from "./embeddingSetting";
import { budgetWarnings } from "../adminWarnings/budgetWarnings";
import { BUDGET_KEY, budgetCaps, monthBounds, tokensSince, type BudgetCaps } from "./budget";
import { readSetting, writeSetting } from "./settingsStore";

type Schemas = components["schemas"];
type Queryable = Pick<Db, "select">;

const API_KEYS = "apiKeys";
const HIPAA = "hipaa";
const PERSONAL_AGENTS_FLAG = "AllowUserCreatedGptSystems";
const SECRET_FIELDS = ["bingSearchKey", "claudeKey"] as const;
type SealedKeys = Record<(typeof SECRET_FIELDS)[number], string | null>;
const NO_KEYS: SealedKeys = { bingSearchKey: null, claudeKey: null };

async function apiKeysOf(ctx: HandlerContext, db: Queryable): Promise<Schemas["InstanceApiKeysSettings"]> {
  const secrets = secretBoxFor(ctx.deps.config);
  const sealed = await readSetting(db, API_KEYS, NO_KEYS);
  const open = (value: string | null) => {
    if (!value) return "";
    try {
      return maskSecret(secrets.decrypt(value));
    } catch {
      // Sealed with another ENCRYPTION_KEY: a key exists but cannot be shown even masked.
      return "••••";
    }
  };
  const ids = await db.select({ id: connections.connectionId }).from(connections).orderBy(asc(connections.name));
  return {
    bingSearchKeyMasked: open(sealed.bingSearchKey),
    claudeKeyMasked: open(sealed.claudeKey),
    embeddingDeploymentId: (await readEmbeddingSetting(db)).deploymentId,
    embeddingDeploymentChoices: await embeddingDeploymentChoices(db),
    connections: await Promise.all(ids.map((c) => adminConnection(db, c.id, secrets))),
  };
}

async function budgetOf(db: Queryable): Promise<Schemas["InstanceBudgetSettings"]> {
  const now = new Date();
  const { start, next } = monthBounds(now);
  return {
    ...(await budgetCaps(db)),
    usage: {
      instanceTokensThisMonth: await tokensSince(db, start),
      periodStart: start.toISOString(),
      resetsOn: next.toISOString(),
    },
  };
}

async function personalAgentsOf(db: Queryable): Promise<Schemas["InstancePersonalAgentsSettings"]> {
  const flags = await db.select().from(featureFlags);
  return { allowUserCreatedGptSystems: flags.find((f) => f.name === PERSONAL_AGENTS_FLAG)?.enabled ?? false };
}

export const privateTabHandlers: Handlers = {
  async getAdminInstanceSettingsApiKeys(_request, _reply, ctx) {
    return apiKeysOf(ctx, ctx.deps.database.db);
  },

  async updateAdminInstanceSettingsApiKeys(request, _reply, ctx) {
    const body = request.body as Schemas["InstanceApiKeysSettings"];
    const secrets = secretBoxFor(ctx.deps.config);
    const embedding = body.embeddingDeploymentId;
    const stored = await auditedChange(ctx, async (tx, audit) => {
      const before = await apiKeysOf(ctx, tx);
      if (embedding) {
        const errors = await embeddingDeploymentErrors(tx, "embeddingDeploymentId", embedding);
        if (errors) throw problem(400, "Bad Request", "The request is not valid.", errors);
      }
      if (embedding !== undefined) await writeSetting(tx, EMBEDDING_SETTING, { deploymentId: embedding });
      const sealed = await readSetting(tx, API_KEYS, NO_KEYS);
      // Absent keeps a key, empty removes it, anything else replaces it (encrypted).
      for (const field of SECRET_FIELDS) {
        const value = body[field];
        if (value !== undefined) sealed[field] = value === "" ? null : secrets.encrypt(value);
      }
      await writeSetting(tx, API_KEYS, sealed);
      const after = await apiKeysOf(ctx, tx);
      const changed = Object.fromEntries(SECRET_FIELDS.filter((f) => body[f] !== undefined).map((f) => [f, body[f]]));
      await audit({
        entityType: "InstanceSettings",
        entityId: API_KEYS,
        operation: "Update",
        before: { ...before, connections: undefined, embeddingDeploymentChoices: undefined },
        after: { ...after, connections: undefined, embeddingDeploymentChoices: undefined, ...changed },
      });
      return { after, embeddingChanged: before.embeddingDeploymentId !== after.embeddingDeploymentId };
    });
    if (stored.embeddingChanged) await applyEmbeddingSetting(ctx.deps);
    return stored.after;
  },

  async getAdminInstanceSettingsHipaa(_request, _reply, ctx) {
    return readSetting(ctx.deps.database.db, HIPAA, { enabled: false, retentionDays: null });
  },

  async updateAdminInstanceSettingsHipaa(request, _reply, ctx) {
    const body = request.body as Schemas["InstanceHipaaSettings"];
    const stored = await auditedChange(ctx, async (tx, audit) => {
      const before = await readSetting(tx, HIPAA, { enabled: false, retentionDays: null });
      const after = { enabled: body.enabled, retentionDays: body.retentionDays ?? null };
      await writeSetting(tx, HIPAA, after);
      await audit({ entityType: "InstanceSettings", entityId: HIPAA, operation: "Update", before, after });
      return after;
    });
    await applyHipaaSettings(ctx.deps);
    return stored;
  },

  async getAdminInstanceSettingsBudget(_request, _reply, ctx) {
    return budgetOf(ctx.deps.database.db);
  },

  async updateAdminInstanceSettingsBudget(request, _reply, ctx) {
    const body = request.body as Schemas["InstanceBudgetSettings"];
    return auditedChange(ctx, async (tx, audit) => {
      const before = await budgetCaps(tx);
      const caps = {
        monthlyTokenCapInstance:
          body.monthlyTokenCapInstance === undefined ? before.monthlyTokenCapInstance : body.monthlyTokenCapInstance,
        monthlyTokenCapPerUser:
          body.monthlyTokenCapPerUser === undefined ? before.monthlyTokenCapPerUser : body.monthlyTokenCapPerUser,
        monthlyTokenCapPerAgent:
          body.monthlyTokenCapPerAgent === undefined ? before.monthlyTokenCapPerAgent : body.monthlyTokenCapPerAgent,
      } satisfies BudgetCaps;
      await writeSetting(tx, BUDGET_KEY, caps);
      await audit({ entityType: "InstanceSettings", entityId: BUDGET_KEY, operation: "Update", before, after: caps });
      const warnings = await budgetWarnings(tx, caps);
      return { ...(await budgetOf(tx)), ...(warnings.length > 0 ? { warnings } : {}) };
    });
  },

  async getAdminInstanceSettingsPersonalAgents(_request, _reply, ctx) {
    return personalAgentsOf(ctx.deps.database.db);
  },

  async updateAdminInstanceSettingsPersonalAgents(request, _reply, ctx) {
    const { allowUserCreatedGptSystems } = request.body as Schemas["InstancePersonalAgentsSettings"];
    return auditedChange(ctx, async (tx, audit) => {
      const before = await personalAgentsOf(tx);
      // The setting is the feature flag itself, so /features/List and the chat follow at once.
      await tx
        .insert(featureFlags)
        .values({ name: PERSONAL_AGENTS_FLAG, enabled: allowUserCreatedGptSystems })
        .onConflictDoUpdate({ target: featureFlags.name, set: { enabled: allowUserCreatedGptSystems } });
      const after = { allowUserCreatedGptSystems };
      await audit({ entityType: "InstanceSettings", entityId: "personalAgents", operation: "Update", before, after });
      return after;
    });
  },
};
