/** Model connections: CRUD with the key write-only (encrypted at rest, answered masked). */
import { eq } from "drizzle-orm";
import { auditedChange } from "../../admin/audit";
import { assertValid } from "../../admin/context";
import { parseListQuery, sendPage } from "../../admin/listQuery";
import { connections } from "../../db/chatSchema";
import { problem, type FieldErrors } from "../../http/problem";
import type { HandlerContext, Handlers } from "../../http/types";
import { secretBoxFor } from "../../security/secretBoxFor";
import {
  adminConnection,
  agentsUsing,
  connectionListSpec,
  listAdminConnections,
  loadConnection,
  type AdminConnection,
} from "./connectionRecords";

type Params = { connectionId: string };

const NEEDS_BASE_URL: Partial<Record<AdminConnection["providerType"], string>> = {
  azureOpenAI: "is required for Azure OpenAI (the resource endpoint)",
  openaiCompatible: "is required for an OpenAI-compatible server",
};

function checked(body: AdminConnection) {
  const errors: FieldErrors = {};
  const name = body.name.trim();
  if (!name) errors.name = ["is required"];
  const baseUrl = (body.baseUrl ?? "").trim();
  if (baseUrl) {
    let protocol = "";
    try {
      protocol = new URL(baseUrl).protocol;
    } catch {
      /* reported below */
    }
    if (protocol !== "http:" && protocol !== "https:") errors.baseUrl = ["must be an http or https URL"];
  } else if (NEEDS_BASE_URL[body.providerType]) errors.baseUrl = [NEEDS_BASE_URL[body.providerType]!];
  assertValid(errors);
  return { name, providerType: body.providerType, baseUrl, apiVersion: (body.apiVersion ?? "").trim() };
}

/** `apiKey` absent: keep; empty: remove; otherwise: encrypt. */
function sealedKey(ctx: HandlerContext, apiKey: string | undefined, current: string | null): string | null {
  if (apiKey === undefined) return current;
  return apiKey === "" ? null : secretBoxFor(ctx.deps.config).encrypt(apiKey);
}

/** The audit shows that a key was set or removed (as [redacted]) without ever holding it. */
const withKeyChange = (record: AdminConnection, apiKey: string | undefined) =>
  apiKey === undefined ? record : { ...record, apiKey };

export const connectionHandlers: Handlers = {
  async listAdminConnections(request, reply, ctx) {
    const list = parseListQuery(request.query, connectionListSpec);
    const { total, rows } = await listAdminConnections(ctx.deps.database.db, list, secretBoxFor(ctx.deps.config));
    return sendPage(reply, "Connections", list, total, rows);
  },

  async getAdminConnection(request, _reply, ctx) {
    return adminConnection(
      ctx.deps.database.db,
      (request.params as Params).connectionId,
      secretBoxFor(ctx.deps.config),
    );
  },

  async createAdminConnection(request, reply, ctx) {
    const body = request.body as AdminConnection;
    const secrets = secretBoxFor(ctx.deps.config);
    const created = await auditedChange(ctx, async (tx, audit) => {
      const [row] = await tx
        .insert(connections)
        .values({ ...checked(body), encryptedApiKey: sealedKey(ctx, body.apiKey, null) })
        .returning();
      const after = await adminConnection(tx, row!.connectionId, secrets);
      await audit({
        entityType: "Connection",
        entityId: row!.connectionId,
        operation: "Create",
        after: withKeyChange(after, body.apiKey),
      });
      return after;
    });
    reply.code(201);
    return created;
  },

  async updateAdminConnection(request, _reply, ctx) {
    const { connectionId } = request.params as Params;
    const body = request.body as AdminConnection;
    const secrets = secretBoxFor(ctx.deps.config);
    return auditedChange(ctx, async (tx, audit) => {
      const current = await loadConnection(tx, connectionId);
      const before = await adminConnection(tx, connectionId, secrets);
      const values = checked(body);
      // Otherwise someone who may edit but never saw the key could point it at a server of their own.
      if (
        current.encryptedApiKey &&
        body.apiKey === undefined &&
        (values.baseUrl !== current.baseUrl || values.providerType !== current.providerType)
      )
        assertValid({ apiKey: ["must be entered again when the provider or base URL changes"] });
      await tx
        .update(connections)
        .set({
          ...checked(body),
          encryptedApiKey: sealedKey(ctx, body.apiKey, current.encryptedApiKey),
          updatedAt: new Date(),
        })
        .where(eq(connections.connectionId, connectionId));
      const after = await adminConnection(tx, connectionId, secrets);
      await audit({
        entityType: "Connection",
        entityId: connectionId,
        operation: "Update",
        before,
        after: withKeyChange(after, body.apiKey),
      });
      return after;
    });
  },

  async deleteAdminConnection(request, _reply, ctx) {
    const { connectionId } = request.params as Params;
    return auditedChange(ctx, async (tx, audit) => {
      const before = await adminConnection(tx, connectionId, secretBoxFor(ctx.deps.config));
      const users = await agentsUsing(tx, connectionId);
      if (users.length > 0)
        throw problem(
          409,
          "Conflict",
          `The connection is used by the published configuration of: ${users.join(", ")}. Publish another engine for them first.`,
        );
      await tx.delete(connections).where(eq(connections.connectionId, connectionId));
      await audit({ entityType: "Connection", entityId: connectionId, operation: "Delete", before });
      return before;
    });
  },
};
