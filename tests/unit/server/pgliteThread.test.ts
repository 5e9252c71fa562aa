import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PGliteThread } from "../../../src/server/db/pgliteThread";

describe("PGlite on its own thread", () => {
  let db: PGliteThread;
  beforeAll(async () => {
    db = await PGliteThread.create({});
    await db.exec("create table notes (id int primary key, body text not null, at timestamptz)");
  });
  afterAll(() => db.close());

  it("runs statements with parameters and returns rows as objects or arrays", async () => {
    await db.query("insert into notes (id, body) values ($1, $2), ($3, $4)", [1, "one", 2, "two"]);
    expect((await db.query("select id, body from notes order by id")).rows).toEqual([
      { id: 1, body: "one" },
      { id: 2, body: "two" },
    ]);
    expect((await db.query("select id, body from notes where id = $1", [2], { rowMode: "array" })).rows).toEqual([
      [2, "two"],
    ]);
  });

  it("applies drizzle's identity parsers: timestamps come back as PostgreSQL wrote them", async () => {
    await db.query("update notes set at = '2026-11-26 01:02:03+00' where id = 1");
    const statement =
      "select at, '2026-11-25'::date as day, array['2026-11-24 05:06:07'::timestamp] as stamps from notes where id = 1";
    const identity = (value: string) => value;
    // drizzle's set (drizzle-orm/pglite/session.js), which the thread keeps as its instance's own.
    const drizzle = Object.fromEntries(
      [1082, 1114, 1115, 1182, 1184, 1185, 1186, 1187, 1231].map((type) => [type, identity]),
    );
    const raw = await db.query<Record<string, unknown>>(statement, [], { parsers: drizzle });
    expect(raw.rows[0]).toEqual({ at: "2026-11-26 01:02:03+00", day: "2026-11-25", stamps: '{"2026-11-24 05:06:07"}' });
    // Another set gets PostgreSQL's standard parsers for the rest.
    const some = await db.query<Record<string, unknown>>(statement, [], { parsers: { 1184: identity } });
    expect(some.rows[0]!.at).toBe("2026-11-26 01:02:03+00");
    expect(some.rows[0]!.day).toBeInstanceOf(Date);
    expect(some.rows[0]!.stamps).toEqual([expect.any(Date)]);
    // None: all standard, for query and exec alike.
    const parsed = await db.query<Record<string, unknown>>(statement);
    expect(parsed.rows[0]!.at).toBeInstanceOf(Date);
    expect(parsed.rows[0]!.day).toBeInstanceOf(Date);
    const [executed] = await db.exec(statement);
    expect(executed!.rows[0]).toMatchObject({ at: expect.any(Date), day: expect.any(Date) });
    const [executedRaw] = await db.exec(statement, { parsers: drizzle });
    expect(executedRaw!.rows[0]).toMatchObject({ at: "2026-11-26 01:02:03+00", day: "2026-11-25" });
  });

  it("keeps PostgreSQL's error fields (the code tells a unique violation)", async () => {
    const error = await db.query("insert into notes (id, body) values (1, 'again')").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: "23505", constraint: "notes_pkey" });
    expect((error as Error).message).toContain("duplicate key");
  });

  it("commits a transaction whose callback resolves and rolls back one that throws", async () => {
    const result = await db.transaction(async (tx) => {
      await tx.query("insert into notes (id, body) values (10, 'kept')");
      return (await tx.query<{ n: number }>("select count(*)::int as n from notes")).rows[0]!.n;
    });
    expect(result).toBe(3);
    const failure = await db
      .transaction(async (tx) => {
        await tx.query("insert into notes (id, body) values (11, 'dropped')");
        throw new Error("changed my mind");
      })
      .catch((e: unknown) => e);
    expect((failure as Error).message).toBe("changed my mind");
    expect((await db.query("select id from notes where id >= 10 order by id")).rows).toEqual([{ id: 10 }]);
  });

  it("runs a question's statement ahead of background statements queued before it", async () => {
    const lane = db.backgroundLane();
    const done: string[] = [];
    const statement = "select count(*) from generate_series(1, 20000)";
    const background = [1, 2, 3, 4].map((n) => lane.query(statement).then(() => done.push(`background ${n}`)));
    // Posted after all four: in one queue it would come last; it goes right after the one already running.
    const foreground = db.query(statement).then(() => done.push("foreground"));
    await Promise.all([...background, foreground]);
    expect(done.indexOf("foreground")).toBeLessThanOrEqual(1);
    expect(done.filter((d) => d.startsWith("background"))).toEqual([
      "background 1",
      "background 2",
      "background 3",
      "background 4",
    ]);
  });

  it("runs background statements through the client's query and exec, and refuses transactions there", async () => {
    const lane = db.backgroundLane();
    const seen: string[] = [];
    const query = db.query.bind(db);
    db.query = ((sql: string, ...rest: unknown[]) => {
      seen.push(sql);
      return (query as (...args: unknown[]) => unknown)(sql, ...rest);
    }) as typeof db.query;
    try {
      await lane.query("insert into notes (id, body) values ($1, $2)", [30, "from the lane"]);
    } finally {
      db.query = query;
    }
    expect(seen).toEqual(["insert into notes (id, body) values ($1, $2)"]);
    expect((await db.query("select body from notes where id = 30")).rows).toEqual([{ body: "from the lane" }]);
    await expect(lane.transaction(async () => {})).rejects.toThrow("single statements only");
  });

  it("holds other statements until a transaction ends", async () => {
    let outsideDone = false;
    let outside: Promise<unknown> = Promise.resolve();
    await db.transaction(async (tx) => {
      await tx.query("insert into notes (id, body) values (20, 'inside')");
      outside = db.query("select count(*) from notes").then(() => (outsideDone = true));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(outsideDone).toBe(false);
    });
    await outside;
    expect(outsideDone).toBe(true);
  });

  it("dumps its data, which a new thread starts from", async () => {
    const copy = await PGliteThread.create({ dump: await db.dumpDataDir("none") });
    try {
      expect((await copy.query("select body from notes where id = 2")).rows).toEqual([{ body: "two" }]);
    } finally {
      await copy.close();
    }
  });

  it("refuses statements once closed", async () => {
    const closing = await PGliteThread.create({});
    await closing.close();
    await expect(closing.query("select 1")).rejects.toThrow("The database is closed");
  });
});
