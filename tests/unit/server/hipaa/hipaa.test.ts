/** HIPAA mode: no question text in the server log, and conversation retention that really deletes (fixed clocks). */
import { eq } from "drizzle-orm";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../../../src/server/app";
import { conversationSegments, conversations } from "../../../../src/server/db/chatSchema";
import { writeSetting } from "../../../../src/server/features/adminInstanceSettings/settingsStore";
import { createLogger } from "../../../../src/server/http/logger";
import {
  hipaaAwareSerializers,
  isHipaaLogScrubbing,
  setHipaaLogScrubbing,
} from "../../../../src/server/hipaa/logScrubbing";
import { registerHipaaMaintenance } from "../../../../src/server/hipaa/registerHipaaMaintenance";
import { deleteExpiredConversations, sweepExpiredConversations } from "../../../../src/server/hipaa/retention";
import { buildTestApp, TEST_ADMIN, type TestApp } from "../../../helpers/buildTestApp";
import { answerOf, createAgent, listen, readStream } from "../../../helpers/chatFixtures";
import { seedConversation } from "../admin/analyticsSeed";

let t: TestApp;
let gptSystemId: string;
let userId: string;
const DAY_MS = 86_400_000;
const NOW = new Date("2026-06-15T12:00:00.000Z");

beforeAll(async () => {
  t = await buildTestApp();
  gptSystemId = (await createAgent(t.deps.database.db, { name: "Clinic", encryptionKey: t.deps.config.encryptionKey }))
    .gptSystemId;
  userId = (await t.createUser({ userName: "patient-facing" })).userId;
});
afterAll(() => t.close());

const setHipaa = (value: { enabled: boolean; retentionDays: number | null }) =>
  t.deps.database.db.transaction((tx) => writeSetting(tx, "hipaa", value));
const lastActive = (at: Date) =>
  seedConversation(t.deps.database.db, {
    userId,
    gptSystemId,
    at: at.toISOString(),
    segments: [{ at: at.toISOString() }],
  });
async function exists(conversationId: string): Promise<boolean> {
  const rows = await t.deps.database.db
    .select()
    .from(conversations)
    .where(eq(conversations.conversationId, conversationId));
  return rows.length === 1;
}

describe("retention", () => {
  it("deletes conversations whose last activity is older than the period, with their segments", async () => {
    const expired = await lastActive(new Date(NOW.getTime() - 30 * DAY_MS - 1));
    const exactlyAtCutoff = await lastActive(new Date(NOW.getTime() - 30 * DAY_MS));
    const recent = await lastActive(new Date(NOW.getTime() - DAY_MS));
    expect(await deleteExpiredConversations(t.deps.database.db, NOW, 30)).toBe(1);
    expect([await exists(expired), await exists(exactlyAtCutoff), await exists(recent)]).toEqual([false, true, true]);
    const orphans = await t.deps.database.db
      .select()
      .from(conversationSegments)
      .where(eq(conversationSegments.conversationId, expired));
    expect(orphans).toEqual([]);
  });

  it("does nothing without a retention period, whatever the age", async () => {
    await setHipaa({ enabled: true, retentionDays: null });
    const ancient = await lastActive(new Date("2000-01-01T00:00:00.000Z"));
    expect(await sweepExpiredConversations(t.deps.database.db, NOW)).toBe(0);
    expect(await exists(ancient)).toBe(true);
    await t.deps.database.db.delete(conversations).where(eq(conversations.conversationId, ancient));
  });

  it("sweeps when the server is ready and then periodically", async () => {
    await setHipaa({ enabled: false, retentionDays: 7 });
    const atStart = await lastActive(new Date(NOW.getTime() - 8 * DAY_MS));
    const app = Fastify();
    registerHipaaMaintenance(app, t.deps, { now: () => NOW, intervalMs: 50 });
    try {
      await app.ready();
      expect(await exists(atStart)).toBe(false);
      const later = await lastActive(new Date(NOW.getTime() - 7 * DAY_MS - 1000));
      const kept = await lastActive(new Date(NOW.getTime() - 6 * DAY_MS));
      const deadline = Date.now() + 5000;
      while ((await exists(later)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
      expect(await exists(later)).toBe(false);
      expect(await exists(kept)).toBe(true);
    } finally {
      await app.close();
      await setHipaa({ enabled: false, retentionDays: null });
    }
  });

  it("applies a new period at once when an administrator saves the hipaa tab", async () => {
    const old = await lastActive(new Date(Date.now() - 400 * DAY_MS));
    const fresh = await lastActive(new Date(Date.now() - 10 * DAY_MS));
    const response = await t.app.inject({
      method: "PUT",
      url: "/api/internal/admin/instanceSettings/hipaa",
      headers: { authorization: `Bearer ${await t.tokenFor(TEST_ADMIN.userName)}` },
      payload: { enabled: true, retentionDays: 365 },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ enabled: true, retentionDays: 365 });
    expect([await exists(old), await exists(fresh)]).toEqual([false, true]);
    expect(isHipaaLogScrubbing()).toBe(true);
    await t.app.inject({
      method: "PUT",
      url: "/api/internal/admin/instanceSettings/hipaa",
      headers: { authorization: `Bearer ${await t.tokenFor(TEST_ADMIN.userName)}` },
      payload: { enabled: false, retentionDays: null },
    });
    expect(isHipaaLogScrubbing()).toBe(false);
  });
});

describe("the server log in HIPAA mode", () => {
  function capture() {
    const lines: string[] = [];
    return { lines, stream: { write: (line: string) => void lines.push(line) } };
  }

  it("keeps the question and the search words out of every line of a chat", async () => {
    const { lines, stream } = capture();
    const app = await buildApp({ ...t.deps, log: createLogger("info", stream) });
    const baseUrl = await listen(app);
    const token = await t.tokenFor(TEST_ADMIN.userName);
    try {
      setHipaaLogScrubbing(true);
      const asked = await readStream(`${baseUrl}/api/internal/userConversations/byGptSystemId/${gptSystemId}`, token, {
        question: "Is metformin-9731 safe with my kidney results?",
      });
      expect(answerOf(asked.frames)).not.toBe("");
      await app.inject({
        url: "/api/internal/userConversations?search=metformin-9731",
        headers: { authorization: `Bearer ${token}` },
      });
      const text = lines.join("");
      expect(text).toContain('"url":"/api/internal/userConversations"');
      expect(text).not.toContain("metformin-9731");

      setHipaaLogScrubbing(false);
      await app.inject({
        url: "/api/internal/userConversations?search=metformin-9731",
        headers: { authorization: `Bearer ${token}` },
      });
      expect(lines.join("")).toContain("search=metformin-9731");
    } finally {
      setHipaaLogScrubbing(false);
      await app.close();
    }
  });

  it("cuts the values of a failed statement out of error records", () => {
    const error = new Error(
      'Failed query: insert into "conversation_segments" ("question") values ($1)\nparams: my secret question',
    );
    const cause = Object.assign(new Error("duplicate key"), {
      detail: "Key (question)=(my secret question) already exists.",
    });
    (error as Error & { cause: unknown }).cause = cause;
    setHipaaLogScrubbing(true);
    try {
      const logged = JSON.stringify(hipaaAwareSerializers.err(error));
      expect(logged).not.toContain("my secret question");
      expect(logged).toContain(
        'Failed query: insert into \\"conversation_segments\\" (\\"question\\") values ($1)\\nparams: [hidden in HIPAA mode]',
      );
    } finally {
      setHipaaLogScrubbing(false);
    }
    expect(JSON.stringify(hipaaAwareSerializers.err(error))).toContain("my secret question");
  });
});
