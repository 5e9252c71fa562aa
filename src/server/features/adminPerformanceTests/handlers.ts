/** Handlers of the adminPerformanceTests tag: saved prompt sets (CRUD), their runs and history. */
import { and, asc, count, desc, eq, ilike, inArray, type SQL } from "drizzle-orm";
import { notFound } from "../../admin/context";
import { FilterReader, likePattern } from "../../admin/filters";
import { parseListQuery, sendPage, type ListSpec } from "../../admin/listQuery";
import type { Db } from "../../db/client";
import { performanceTestRuns, performanceTests } from "../../db/analyticsSchema";
import { requireUser } from "../../http/requireUser";
import type { Handlers } from "../../http/types";
import { checkedTestFields, runsOf, toPerformanceTests, toRuns, type PerformanceTest } from "./records";
import { startRun } from "./runner";

type Params = { performanceTestId: string; runId?: string };

const testSpec: ListSpec = {
  sortFields: ["name", "createdAt", "updatedAt"],
  defaultSort: ["name", "ASC"],
  filters: ["q", "gptSystemId"],
};
const testSort = {
  name: performanceTests.name,
  createdAt: performanceTests.createdAt,
  updatedAt: performanceTests.updatedAt,
};
const RUN_STATUSES = ["Running", "Complete", "Failed"] as const;
const runSpec: ListSpec = { sortFields: ["startedAt"], defaultSort: ["startedAt", "DESC"], filters: ["status"] };

function testWhere(filter: Record<string, unknown>): SQL | undefined {
  const f = new FilterReader(filter);
  const ids = f.ids();
  const q = f.string("q");
  const gptSystemId = f.uuid("gptSystemId");
  f.done();
  return and(
    ids ? inArray(performanceTests.performanceTestId, ids) : undefined,
    q ? ilike(performanceTests.name, likePattern(q)) : undefined,
    gptSystemId ? eq(performanceTests.gptSystemId, gptSystemId) : undefined,
  );
}

async function testRow(db: Pick<Db, "select">, performanceTestId: string) {
  const [row] = await db
    .select()
    .from(performanceTests)
    .where(eq(performanceTests.performanceTestId, performanceTestId));
  return row ?? notFound("performance test");
}

async function one(db: Pick<Db, "select">, performanceTestId: string): Promise<PerformanceTest> {
  const [test] = await toPerformanceTests(db, [await testRow(db, performanceTestId)]);
  return test!;
}

export const adminPerformanceTestsHandlers: Handlers = {
  async listAdminPerformanceTests(request, reply, ctx) {
    const db = ctx.deps.database.db;
    const list = parseListQuery(request.query, testSpec);
    const where = testWhere(list.filter);
    const column = testSort[list.sort.field as keyof typeof testSort];
    const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(performanceTests).where(where);
    const rows = await db
      .select()
      .from(performanceTests)
      .where(where)
      .orderBy(list.sort.order === "ASC" ? asc(column) : desc(column), asc(performanceTests.performanceTestId))
      .offset(list.offset)
      .limit(list.limit);
    return sendPage(reply, "performanceTests", list, total, await toPerformanceTests(db, rows));
  },

  async createAdminPerformanceTest(request, reply, ctx) {
    const db = ctx.deps.database.db;
    const fields = await checkedTestFields(db, request.body as PerformanceTest);
    const [row] = await db.insert(performanceTests).values(fields).returning();
    reply.code(201);
    return one(db, row!.performanceTestId);
  },

  async getAdminPerformanceTest(request, _reply, ctx) {
    return one(ctx.deps.database.db, (request.params as Params).performanceTestId);
  },

  async updateAdminPerformanceTest(request, _reply, ctx) {
    const db = ctx.deps.database.db;
    const { performanceTestId } = request.params as Params;
    await testRow(db, performanceTestId);
    const fields = await checkedTestFields(db, request.body as PerformanceTest);
    await db
      .update(performanceTests)
      .set({ ...fields, updatedAt: new Date() })
      .where(eq(performanceTests.performanceTestId, performanceTestId));
    return one(db, performanceTestId);
  },

  async deleteAdminPerformanceTest(request, _reply, ctx) {
    const db = ctx.deps.database.db;
    const { performanceTestId } = request.params as Params;
    const before = await one(db, performanceTestId);
    await db.delete(performanceTests).where(eq(performanceTests.performanceTestId, performanceTestId));
    return before;
  },

  async listAdminPerformanceTestRuns(request, reply, ctx) {
    const db = ctx.deps.database.db;
    const { performanceTestId } = request.params as Params;
    await testRow(db, performanceTestId);
    const list = parseListQuery(request.query, runSpec);
    const f = new FilterReader(list.filter);
    const ids = f.ids();
    const status = f.oneOf("status", RUN_STATUSES);
    f.done();
    const where = and(
      eq(performanceTestRuns.performanceTestId, performanceTestId),
      ids ? inArray(performanceTestRuns.runId, ids) : undefined,
      status ? eq(performanceTestRuns.status, status) : undefined,
    );
    const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(performanceTestRuns).where(where);
    const rows = await db
      .select()
      .from(performanceTestRuns)
      .where(where)
      .orderBy(
        list.sort.order === "ASC" ? asc(performanceTestRuns.startedAt) : desc(performanceTestRuns.startedAt),
        asc(performanceTestRuns.runId),
      )
      .offset(list.offset)
      .limit(list.limit);
    return sendPage(reply, "performanceTestRuns", list, total, await toRuns(db, rows));
  },

  async startAdminPerformanceTestRun(request, reply, ctx) {
    const db = ctx.deps.database.db;
    const test = await testRow(db, (request.params as Params).performanceTestId);
    const runId = await startRun(ctx.deps, requireUser(ctx), test);
    const [run] = await toRuns(db, await runsOf(db, test.performanceTestId, runId));
    reply.code(202);
    return run;
  },

  async getAdminPerformanceTestRun(request, _reply, ctx) {
    const db = ctx.deps.database.db;
    const { performanceTestId, runId } = request.params as Required<Params>;
    const [run] = await toRuns(db, await runsOf(db, performanceTestId, runId));
    return run ?? notFound("performance test run");
  },
};
