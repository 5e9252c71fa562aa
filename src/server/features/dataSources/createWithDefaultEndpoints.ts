/**
 * The admin stream of spec section 4: a file library is created with its
 * default endpoints (the full-text index and the graph index every library
 * file is indexed into), each step streamed as `step-update`, the result as
 * `response-model`, then `no-more-data`; the admin screen refreshes its lists after.
 */
import { sql } from "drizzle-orm";
import type { FastifyReply } from "fastify";
import type { components } from "../../../generated/api";
import { auditedChange } from "../../admin/audit";
import type { Db } from "../../db/client";
import { dataSources, fileEntities } from "../../db/filesSchema";
import { requireUser } from "../../http/requireUser";
import type { HandlerContext } from "../../http/types";
import { openSse } from "../../streaming/sse";
import { dataSourceRecord } from "./dataSourceRecords";

type Schemas = components["schemas"];

export const STREAM_STEPS = {
  create: "Creating the file library",
  text: "Checking the full-text index",
  graph: "Checking the graph index",
  done: "The file library is ready",
} as const;

/** The endpoints answer: the text search runs on this database and the graph tables are there. */
async function checkEndpoint(db: Db, endpointType: Schemas["DataSourceEndpoint"]["endpointType"]): Promise<void> {
  if (endpointType === "TextIndex")
    await db.execute(sql`select to_tsvector('english', 'library ready') @@ 'ready'::tsquery as ok`);
  else await db.select({ key: fileEntities.entityKey }).from(fileEntities).limit(0);
}

export async function streamCreateWithDefaultEndpoints(
  ctx: HandlerContext,
  reply: FastifyReply,
  values: { name: string; description: string },
): Promise<FastifyReply> {
  const db = ctx.deps.database.db;
  reply.hijack();
  const sse = openSse(reply.raw, { "x-request-id": ctx.requestId }, () => undefined);
  const result: Schemas["DataSourceCreation"] = { dataSource: null, endpoints: [], errors: [] };
  try {
    sse.send("step-update", STREAM_STEPS.create);
    result.dataSource = await auditedChange(ctx, async (tx, audit) => {
      const [row] = await tx
        .insert(dataSources)
        .values({ ...values, createdByUserId: requireUser(ctx).userId })
        .returning();
      const after = await dataSourceRecord(tx, row!.dataSourceId);
      await audit({ entityType: "DataSource", entityId: row!.dataSourceId, operation: "Create", after });
      return after;
    });
    for (const [endpointType, step] of [
      ["TextIndex", STREAM_STEPS.text],
      ["GraphIndex", STREAM_STEPS.graph],
    ] as const) {
      sse.send("step-update", step);
      try {
        await checkEndpoint(db, endpointType);
        result.endpoints.push({ endpointType, status: "Online" });
      } catch (error) {
        result.endpoints.push({ endpointType, status: "Error" });
        result.errors.push(`${endpointType}: ${(error as Error).message}`);
      }
    }
    if (result.errors.length === 0) sse.send("step-update", STREAM_STEPS.done);
  } catch (error) {
    ctx.deps.log.error({ err: error }, "creating a data source failed");
    result.errors.push("The file library could not be created.");
  }
  sse.send("response-model", result);
  sse.send("no-more-data", null);
  sse.end();
  return reply;
}
