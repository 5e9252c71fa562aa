/** Handlers of the dataSources tag: file libraries, their files, re-indexing (spec section 7, admin families). */
import { eq, inArray, sql } from "drizzle-orm";
import type { components } from "../../../generated/api";
import { auditedChange } from "../../admin/audit";
import { assertValid } from "../../admin/context";
import { parseListQuery, sendPage } from "../../admin/listQuery";
import { attachments, dataSources, indexingJobs } from "../../db/filesSchema";
import type { Handlers } from "../../http/types";
import { wakeIndexingWorkers } from "../../retrieval/jobs/wakeUp";
import { blobStoreFor } from "../../storage/blobStoreFor";
import { readUpload } from "../../uploads/readUpload";
import { checkDocument, insertDocument, maxDocumentBytes, withStoredBlob } from "../attachments/storeDocument";
import { streamCreateWithDefaultEndpoints } from "./createWithDefaultEndpoints";
import { listFiles, loadFile, toDataSourceFile, type FileQuery } from "./dataSourceFiles";
import { dataSourceListSpec, dataSourceRecord, listDataSourceRecords, loadDataSource } from "./dataSourceRecords";
import { requireUser } from "../../http/requireUser";

type DataSource = components["schemas"]["DataSource"];
type Params = { dataSourceId: string };

function checked(body: DataSource): { name: string; description: string } {
  const name = body.name.trim();
  assertValid(name ? {} : { name: ["is required"] });
  return { name, description: body.description ?? "" };
}

export const dataSourcesHandlers: Handlers = {
  async listDataSources(request, reply, ctx) {
    const list = parseListQuery(request.query, dataSourceListSpec);
    const { total, rows } = await listDataSourceRecords(ctx.deps.database.db, list);
    return sendPage(reply, "dataSources", list, total, rows);
  },

  async getDataSource(request, _reply, ctx) {
    return dataSourceRecord(ctx.deps.database.db, (request.params as Params).dataSourceId);
  },

  async createDataSource(request, reply, ctx) {
    const values = checked(request.body as DataSource);
    const created = await auditedChange(ctx, async (tx, audit) => {
      const [row] = await tx
        .insert(dataSources)
        .values({ ...values, createdByUserId: requireUser(ctx).userId })
        .returning();
      const after = await dataSourceRecord(tx, row!.dataSourceId);
      await audit({ entityType: "DataSource", entityId: row!.dataSourceId, operation: "Create", after });
      return after;
    });
    return reply.code(201).send(created);
  },

  async createDataSourceWithDefaultEndpoints(request, reply, ctx) {
    // Validated before the stream opens: a bad body is a plain 400 problem.
    return streamCreateWithDefaultEndpoints(ctx, reply, checked(request.body as DataSource));
  },

  async updateDataSource(request, _reply, ctx) {
    const { dataSourceId } = request.params as Params;
    const values = checked(request.body as DataSource);
    return auditedChange(ctx, async (tx, audit) => {
      const before = await dataSourceRecord(tx, dataSourceId);
      await tx
        .update(dataSources)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(dataSources.dataSourceId, dataSourceId));
      const after = await dataSourceRecord(tx, dataSourceId);
      await audit({ entityType: "DataSource", entityId: dataSourceId, operation: "Update", before, after });
      return after;
    });
  },

  async deleteDataSource(request, _reply, ctx) {
    const { dataSourceId } = request.params as Params;
    const { before, blobKeys } = await auditedChange(ctx, async (tx, audit) => {
      const before = await dataSourceRecord(tx, dataSourceId);
      const files = await tx
        .select({ blobKey: attachments.blobKey })
        .from(attachments)
        .where(eq(attachments.dataSourceId, dataSourceId));
      // Files, chunks and jobs go with it (ON DELETE CASCADE).
      await tx.delete(dataSources).where(eq(dataSources.dataSourceId, dataSourceId));
      await audit({ entityType: "DataSource", entityId: dataSourceId, operation: "Delete", before });
      return { before, blobKeys: files.map((f) => f.blobKey) };
    });
    // Blobs only after the commit: a rolled-back delete must still find its files.
    const blobs = blobStoreFor(ctx.deps.config);
    for (const key of blobKeys) await blobs.delete(key);
    return before;
  },

  async listDataSourceFiles(request, _reply, ctx) {
    const { dataSourceId } = request.params as Params;
    await loadDataSource(ctx.deps.database.db, dataSourceId);
    return listFiles(ctx.deps.database.db, dataSourceId, request.query as FileQuery);
  },

  async uploadDataSourceFile(request, reply, ctx) {
    const { dataSourceId } = request.params as Params;
    const { config } = ctx.deps;
    await loadDataSource(ctx.deps.database.db, dataSourceId);
    const doc = await checkDocument(
      await readUpload(request, maxDocumentBytes(config.uploadLimits)),
      config.uploadLimits,
    );
    const file = await withStoredBlob(config, doc.bytes, (blobKey) =>
      auditedChange(ctx, async (tx, audit) => {
        const { row, job } = await insertDocument(tx, doc, blobKey, {
          ownerUserId: requireUser(ctx).userId,
          type: "FileSearch",
          context: "DataSource",
          dataSourceId,
        });
        await tx.update(dataSources).set({ updatedAt: new Date() }).where(eq(dataSources.dataSourceId, dataSourceId));
        const after = toDataSourceFile(row, job);
        await audit({ entityType: "DataSourceFile", entityId: row.attachmentId, operation: "Create", after });
        return after;
      }),
    );
    return reply.code(201).send(file);
  },

  async deleteDataSourceFile(request, _reply, ctx) {
    const { dataSourceId, fileId } = request.params as Params & { fileId: string };
    const blobKey = await auditedChange(ctx, async (tx, audit) => {
      const row = await loadFile(tx, dataSourceId, fileId);
      await tx.delete(attachments).where(eq(attachments.attachmentId, fileId));
      await tx.update(dataSources).set({ updatedAt: new Date() }).where(eq(dataSources.dataSourceId, dataSourceId));
      await audit({
        entityType: "DataSourceFile",
        entityId: fileId,
        operation: "Delete",
        before: { fileName: row.originalFileName, dataSourceId },
      });
      return row.blobKey;
    });
    await blobStoreFor(ctx.deps.config).delete(blobKey);
    return undefined;
  },

  async reindexDataSource(request, reply, ctx) {
    const { dataSourceId } = request.params as Params;
    const queued = await auditedChange(ctx, async (tx, audit) => {
      await loadDataSource(tx, dataSourceId);
      const files = tx
        .select({ id: attachments.attachmentId })
        .from(attachments)
        .where(eq(attachments.dataSourceId, dataSourceId));
      const rows = await tx
        .update(indexingJobs)
        .set({
          status: "Queued",
          attempts: 0,
          runAfter: sql`now()`,
          leaseUntil: null,
          lastError: null,
          updatedAt: sql`now()`,
        })
        .where(inArray(indexingJobs.attachmentId, files))
        .returning({ id: indexingJobs.jobId });
      await audit({
        entityType: "DataSource",
        entityId: dataSourceId,
        operation: "Update",
        after: { reindexedFiles: rows.length },
      });
      return rows.length;
    });
    wakeIndexingWorkers();
    return reply.code(202).send({ queued });
  },
};
