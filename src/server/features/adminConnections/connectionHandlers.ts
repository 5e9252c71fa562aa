/** Model connections: CRUD with the key write-only (encrypted at rest, answered masked). */
import { and, eq, ne, sql } from "drizzle-orm";
import type { Tx } from "../../admin/audit";
import { assertValid } from "../../admin/context";
import { refuseRemovingEmbeddingDeployment } from "../../embeddings/embeddingModel";
import { connections } from "../../db/chatSchema";
import { problem, type FieldErrors } from "../../http/problem";
import type { HandlerContext, Handlers } from "../../http/types";
import { secretBoxFor } from "../../security/secretBoxFor";
import { auditedCrud } from "../adminCrud/auditedCrud";
import {
  adminConnection,
  agentsUsing,
  connectionListSpec,
  listAdminConnections,
  loadConnection,
  type AdminConnection,
} from "./connectionRecords";

const NEEDS_BASE_URL: Partial<Record<AdminConnection["providerType"], string>> = {
  azureOpenAI: "is required for Azure OpenAI (the resource endpoint)",
  openaiCompatible: "is required for an OpenAI-compatible server",
};

/** The body's values, refused with field errors; `connectionId`: the connection being changed (its own name is no clash). */
async function checked(tx: Tx, body: AdminConnection, connectionId?: string) {
  const errors: FieldErrors = {};
  const name = body.name.trim();
  if (!name) errors.name = ["is required"];
  // Agents' model choices name a deployment by its connection: two connections of one name would read alike.
  else {
    const [clash] = await tx
      .select({ connectionId: connections.connectionId })
      .from(connections)
      .where(and(sql`lower(${connections.name}) = lower(${name})`, connectionId ? ne(connections.connectionId, connectionId) : undefined));
    if (clash) errors.name = ["is already the name of another connection"];
  }
  const baseUrl = (body.baseUrl ?? "").trim();
  if (baseUrl) {
    let url: URL | undefined;
    try {
      url = new URL(baseUrl);
    } catch {
      /* reported below */
    }
    if (url?.protocol !== "http:" && url?.protocol !== "https:") errors.baseUrl = ["must be an http or https URL"];
    // The address is shown and audited in clear; a secret belongs in the key, which is neither.
    else if (url.username || url.password) errors.baseUrl = ["must not contain a user name or password: enter the key in its own field"];
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

const connectionCrud = auditedCrud(
  { one: "AdminConnection", many: "AdminConnections" },
  {
    entityType: "Connection",
    listSpec: connectionListSpec,
    list: (db, list, ctx) => listAdminConnections(db, list, secretBoxFor(ctx.deps.config)),
    load: (db, connectionId, ctx) => adminConnection(db, connectionId, secretBoxFor(ctx.deps.config)),
    audited: (record, body: AdminConnection) => withKeyChange(record, body.apiKey),

    async insert(tx, body: AdminConnection, ctx) {
      const [row] = await tx
        .insert(connections)
        .values({ ...(await checked(tx, body)), encryptedApiKey: sealedKey(ctx, body.apiKey, null) })
        .returning();
      return row!.connectionId;
    },

    async change(tx, connectionId, body, _before, ctx) {
      const current = await loadConnection(tx, connectionId);
      const values = await checked(tx, body, connectionId);
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
          ...values,
          encryptedApiKey: sealedKey(ctx, body.apiKey, current.encryptedApiKey),
          updatedAt: new Date(),
        })
        .where(eq(connections.connectionId, connectionId));
    },

    async remove(tx, connectionId) {
      const users = await agentsUsing(tx, connectionId);
      if (users.length > 0)
        throw problem(
          409,
          "Conflict",
          `The connection is used by the configuration (published or draft) of: ${users.join(", ")}. Choose another engine for them first.`,
        );
      await refuseRemovingEmbeddingDeployment(tx, { connectionId });
      await tx.delete(connections).where(eq(connections.connectionId, connectionId));
    },
  },
);

export const connectionHandlers: Handlers = connectionCrud;
