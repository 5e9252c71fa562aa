/** Handlers of the adminPerformanceTests tag: saved prompt sets (CRUD), their runs and history. */
import { and, asc, count, desc, eq, ilike, inArray, type SQL } from "drizzle-orm";
import { notFound } from "../../admin/context";
import { FilterReader, likePattern } from "../../admin/filters";
import { parseListQuery, sendPage, type ListSpec } from "../../admin/listQuery";
import type { Db } from "../../db/client";
import { performanceTestRuns, performanceTests } from "../../db/analyticsSchema";
import type { Handlers } from "../../http/types";
import { auditedCrud } from "../adminCrud/auditedCrud";
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

const tests = auditedCrud(
  { one: "AdminPerformanceTest", many: "AdminPerformanceTests", schema: "PerformanceTest" },
  {
    entityType: "PerformanceTest",
    listSpec: testSpec,
    async list(db, list) {
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
      return { total, rows: await toPerformanceTests(db, rows) };
    },
    load: one,

    async insert(tx, body: PerformanceTest) {
      const [row] = await tx
        .insert(performanceTests)
        .values(await checkedTestFields(tx, body))
        .returning();
      return row!.performanceTestId;
    },

    async change(tx, performanceTestId, body) {
      const fields = await checkedTestFields(tx, body);
      await tx
        .update(performanceTests)
        .set({ ...fields, updatedAt: new Date() })
        .where(eq(performanceTests.performanceTestId, performanceTestId));
    },

    async remove(tx, performanceTestId) {
      await tx.delete(performanceTests).where(eq(performanceTests.performanceTestId, performanceTestId));
    },
  },
);

export const adminPerformanceTestsHandlers: Handlers = {
  ...tests,

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
    const runId = await startRun(ctx, test);
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
