/** A connection's deployments (models): list, add, change, remove. */
import { and, asc, eq, ne } from "drizzle-orm";
import type { components } from "../../../generated/api";
import { auditedChange, type Tx } from "../../admin/audit";
import { assertValid, notFound } from "../../admin/context";
import { sendAll } from "../../admin/listQuery";
import { deployments } from "../../db/chatSchema";
import { refuseRemovingEmbeddingDeployment } from "../../embeddings/embeddingModel";
import { problem } from "../../http/problem";
import type { Handlers } from "../../http/types";
import { agentsUsing, loadConnection } from "./connectionRecords";

type Deployment = components["schemas"]["AdminDeployment"];
type Row = typeof deployments.$inferSelect;
type Params = { connectionId: string; deploymentId?: string };

const toDeployment = (row: Row): Deployment => ({
  deploymentId: row.deploymentId,
  connectionId: row.connectionId,
  deploymentName: row.deploymentName,
  displayName: row.displayName,
  supportsVision: row.supportsVision,
});

async function checked(tx: Tx, connectionId: string, body: Deployment, deploymentId?: string) {
  const deploymentName = body.deploymentName.trim();
  if (!deploymentName) assertValid({ deploymentName: ["is required"] });
  const clash = await tx
    .select({ id: deployments.deploymentId })
    .from(deployments)
    .where(
      and(
        eq(deployments.connectionId, connectionId),
        eq(deployments.deploymentName, deploymentName),
        deploymentId ? ne(deployments.deploymentId, deploymentId) : undefined,
      ),
    );
  if (clash.length > 0) assertValid({ deploymentName: ["already exists on this connection"] });
  return {
    deploymentName,
    displayName: body.displayName?.trim() || deploymentName,
    supportsVision: body.supportsVision ?? false,
  };
}

async function loadDeployment(tx: Tx, params: Params): Promise<Row> {
  const [row] = await tx
    .select()
    .from(deployments)
    .where(and(eq(deployments.connectionId, params.connectionId), eq(deployments.deploymentId, params.deploymentId!)));
  return row ?? notFound("deployment");
}

async function refuseInUse(tx: Tx, row: Row, what: string): Promise<void> {
  const users = await agentsUsing(tx, row.connectionId, row.deploymentName);
  if (users.length > 0)
    throw problem(
      409,
      "Conflict",
      `The deployment ${what}: the configuration of ${users.join(", ")} (published or draft) uses it.`,
    );
}

export const deploymentHandlers: Handlers = {
  async listAdminConnectionDeployments(request, reply, ctx) {
    const db = ctx.deps.database.db;
    const { connectionId } = await loadConnection(db, (request.params as Params).connectionId);
    const rows = await db
      .select()
      .from(deployments)
      .where(eq(deployments.connectionId, connectionId))
      .orderBy(asc(deployments.displayName));
    return sendAll(reply, "deployments", rows.map(toDeployment));
  },

  async createAdminConnectionDeployment(request, reply, ctx) {
    const { connectionId } = request.params as Params;
    const created = await auditedChange(ctx, async (tx, audit) => {
      await loadConnection(tx, connectionId);
      const [row] = await tx
        .insert(deployments)
        .values({ connectionId, ...(await checked(tx, connectionId, request.body as Deployment)) })
        .returning();
      await audit({
        entityType: "Deployment",
        entityId: row!.deploymentId,
        operation: "Create",
        after: toDeployment(row!),
      });
      return toDeployment(row!);
    });
    reply.code(201);
    return created;
  },

  async updateAdminConnectionDeployment(request, _reply, ctx) {
    const params = request.params as Params;
    return auditedChange(ctx, async (tx, audit) => {
      const before = await loadDeployment(tx, params);
      const values = await checked(tx, params.connectionId, request.body as Deployment, before.deploymentId);
      if (values.deploymentName !== before.deploymentName) await refuseInUse(tx, before, "cannot be renamed");
      const [row] = await tx
        .update(deployments)
        .set(values)
        .where(eq(deployments.deploymentId, before.deploymentId))
        .returning();
      await audit({
        entityType: "Deployment",
        entityId: before.deploymentId,
        operation: "Update",
        before: toDeployment(before),
        after: toDeployment(row!),
      });
      return toDeployment(row!);
    });
  },

  async deleteAdminConnectionDeployment(request, _reply, ctx) {
    const params = request.params as Params;
    return auditedChange(ctx, async (tx, audit) => {
      const before = await loadDeployment(tx, params);
      await refuseInUse(tx, before, "cannot be removed");
      await refuseRemovingEmbeddingDeployment(tx, before);
      await tx.delete(deployments).where(eq(deployments.deploymentId, before.deploymentId));
      await audit({
        entityType: "Deployment",
        entityId: before.deploymentId,
        operation: "Delete",
        before: toDeployment(before),
      });
      return toDeployment(before);
    });
  },
};
