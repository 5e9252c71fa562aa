import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../../../src/server/db/schema";
import { buildTestApp, TEST_ADMIN, type TestApp } from "../../helpers/buildTestApp";
import { listen, readStream } from "../../helpers/chatFixtures";
import {
  apiFor,
  chatOnce,
  createPublishedPersonalAgent,
  setPersonalAgentsFlag,
} from "./personalAgents/personalAgentsKit";

let t: TestApp;
let base: string;
let api: ReturnType<typeof apiFor>;
let admin: string;
let readOnlyModerator: string;

beforeAll(async () => {
  t = await buildTestApp();
  base = await listen(t.app);
  api = apiFor(t);
  admin = await t.tokenFor(TEST_ADMIN.userName);
  readOnlyModerator = await t.tokenFor(
    await t.createUser({ userName: `mod-reader-${Date.now()}`, actions: ["ModerationRead"] }),
  );
});
afterAll(() => t.close());

let counter = 0;
/** A creator with a published personal agent, a conversation with it and `reports` reports about it. */
async function reportedAgent(reports = 1, questions = 1) {
  counter += 1;
  const creator = await t.createUser({
    userName: `mod-creator-${Date.now()}-${counter}`,
    displayName: `Creator ${counter}`,
    roles: ["user"],
  });
  const token = await t.tokenFor(creator);
  const { gptSystemId } = await createPublishedPersonalAgent(t, token, `Reported agent ${counter}`);
  const conversationId = await chatOnce(base, token, gptSystemId, "question 1");
  for (let i = 2; i <= questions; i++)
    await readStream(`${base}/api/internal/userConversations/${conversationId}/segments`, token, {
      question: `question ${i}`,
    });
  const reportIds: string[] = [];
  for (let i = 0; i < reports; i++) {
    const response = await api("POST", `/userConversations/${conversationId}/report`, token, {
      reportReason: "HarmfulContent",
      details: `report ${i}`,
    });
    reportIds.push(response.json().moderationReportId as string);
  }
  return { creator, token, gptSystemId, conversationId, reportIds };
}

const decide = (body: object, token = admin) => api("POST", "/admin/moderation/decision", token, body);
const listUrl = (filter: object, range = "[0,49]") =>
  `/admin/moderation/reports?filter=${encodeURIComponent(JSON.stringify(filter))}&range=${encodeURIComponent(range)}`;

describe("reading reports", () => {
  it("lists reports in simple-rest form, filtered by reportStatus, with the total in Content-Range", async () => {
    const { gptSystemId, reportIds } = await reportedAgent(2);
    const response = await api("GET", listUrl({ reportStatus: "Open", gptSystemId }), admin);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-range"]).toBe("moderation 0-1/2");
    expect(
      response
        .json()
        .map((r: { moderationReportId: string }) => r.moderationReportId)
        .sort(),
    ).toEqual([...reportIds].sort());
    const badge = await api("GET", listUrl({ reportStatus: "Open" }, "[0,0]"), admin);
    expect(badge.headers["content-range"]).toMatch(/^moderation 0-0\/\d+$/);
    const wrong = await api("GET", listUrl({ reportStatus: "Closed" }), admin);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ "filter.reportStatus": ["must be one of: Open, Resolved"] });
  });

  it("reads one report with its agent, owner, reporter and metrics", async () => {
    const { creator, gptSystemId, conversationId, reportIds } = await reportedAgent(3);
    const response = await api("GET", `/admin/moderation/reports/${reportIds[0]}`, readOnlyModerator);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      moderationReportId: reportIds[0],
      reportStatus: "Open",
      reportReason: "HarmfulContent",
      details: "report 0",
      submittedAt: expect.any(String),
      submittedBy: { userId: creator.userId, displayName: creator.displayName },
      conversationId,
      gptReference: { gptSystemId, name: `Reported agent ${counter}`, moderationStatus: null },
      systemOwner: { userId: creator.userId, displayName: creator.displayName },
      reportMetrics: { agentReportCount: 3, ownerReportCount: 3, ownerAgentCount: 1 },
      personalAgentSettings: { isBannedFromCreatingAgents: false, isBannedFromSharingAgents: false },
      moderationDecision: null,
    });
    expect((await api("GET", `/admin/moderation/reports/00000000-0000-4000-8000-000000000000`, admin)).statusCode).toBe(
      404,
    );
  });

  it("keeps the last 10 messages of the conversation, alternating user then agent", async () => {
    const { reportIds } = await reportedAgent(1, 6);
    const context = (await api("GET", `/admin/moderation/reports/${reportIds[0]}/context`, admin)).json();
    expect(context.conversationSegments).toHaveLength(10);
    expect(context.conversationSegments.map((m: { role: string }) => m.role)).toEqual([
      "user",
      "agent",
      "user",
      "agent",
      "user",
      "agent",
      "user",
      "agent",
      "user",
      "agent",
    ]);
    expect(context.conversationSegments[0].text).toBe("question 2");
    expect(context.conversationSegments[8].text).toBe("question 6");
  });
});

describe("the decision form's rules", () => {
  it("answers every missing field with the spec's message", async () => {
    const { reportIds } = await reportedAgent();
    const response = await decide({ moderationReportId: reportIds[0] });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      agentModerationAction: ["Agent action required"],
      userModerationAction: ["Creator action required"],
      moderationNotes: ["Note is required"],
    });
    const long = await decide({
      moderationReportId: reportIds[0],
      agentModerationAction: "TakeNoAction",
      userModerationAction: "TakeNoAction",
      moderationNotes: "n".repeat(501),
    });
    expect(long.json().errors).toEqual({ moderationNotes: ["Note exceeds the maximum limit of 500 characters"] });
  });

  it("refuses a creator action the creator is already under", async () => {
    const { reportIds } = await reportedAgent(2);
    const first = await decide({
      moderationReportId: reportIds[0],
      agentModerationAction: "TakeNoAction",
      userModerationAction: "BlockAgentSharing",
      moderationNotes: "Sharing harmful agents.",
    });
    expect(first.statusCode).toBe(200);
    const again = await decide({
      moderationReportId: reportIds[1],
      agentModerationAction: "TakeNoAction",
      userModerationAction: "BlockAgentSharing",
      moderationNotes: "Again.",
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().errors).toEqual({ userModerationAction: ["This creator is currently blocked from sharing"] });
  });

  it("needs ModerationWrite to decide", async () => {
    const { reportIds } = await reportedAgent();
    const response = await decide(
      {
        moderationReportId: reportIds[0],
        agentModerationAction: "TakeNoAction",
        userModerationAction: "TakeNoAction",
        moderationNotes: "x",
      },
      readOnlyModerator,
    );
    expect(response.statusCode).toBe(403);
    expect(response.json().detail).toBe("This operation requires one of these actions: ModerationWrite.");
  });
});

describe("decisions and their effects", () => {
  it("resolves only this report with TakeNoAction, unless asked for all", async () => {
    const { reportIds } = await reportedAgent(3);
    const only = await decide({
      moderationReportId: reportIds[0],
      agentModerationAction: "TakeNoAction",
      userModerationAction: "TakeNoAction",
      moderationNotes: "Not a problem.",
      isBulkResolution: false,
    });
    expect(only.statusCode).toBe(200);
    expect(only.json()).toMatchObject({ resolvedReportIds: [reportIds[0]], warnings: [] });
    expect(only.json().report).toMatchObject({
      reportStatus: "Resolved",
      moderationDecision: {
        agentModerationAction: "TakeNoAction",
        userModerationAction: "TakeNoAction",
        notes: "Not a problem.",
        moderator: { displayName: "Administrator" },
        isBulkResolution: false,
      },
    });
    expect((await api("GET", `/admin/moderation/reports/${reportIds[1]}`, admin)).json().reportStatus).toBe("Open");

    const all = await decide({
      moderationReportId: reportIds[1],
      agentModerationAction: "TakeNoAction",
      userModerationAction: "TakeNoAction",
      moderationNotes: "None of these.",
      isBulkResolution: true,
    });
    expect(all.json().resolvedReportIds.sort()).toEqual([reportIds[1], reportIds[2]].sort());
    const twice = await decide({
      moderationReportId: reportIds[0],
      agentModerationAction: "TakeNoAction",
      userModerationAction: "TakeNoAction",
      moderationNotes: "again",
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().detail).toBe("This report has already been resolved.");
  });

  it("bans the agent: every report resolved, the owner sees it banned and cannot chat with it, and it is audited", async () => {
    const { token, gptSystemId, conversationId, reportIds } = await reportedAgent(2);
    const response = await decide({
      moderationReportId: reportIds[0],
      agentModerationAction: "BanAgent",
      userModerationAction: "TakeNoAction",
      moderationNotes: "Harmful answers.",
      isBulkResolution: false,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().warnings).toEqual([
      { property: "isBulkResolution", message: "Banning an agent resolves every open report about it." },
    ]);
    expect(response.json().resolvedReportIds.sort()).toEqual([...reportIds].sort());
    expect(response.json().report.gptReference.moderationStatus).toBe("Banned");

    const mine = (await api("GET", "/CurrentUser/AvailableGptSystems", token)).json();
    expect(mine).toContainEqual(expect.objectContaining({ gptSystemId, moderationStatus: "Banned" }));
    const chat = await readStream(`${base}/api/internal/userConversations/byGptSystemId/${gptSystemId}`, token, {
      question: "hi",
    });
    expect(chat.status).toBe(403);
    expect((chat.problem as { detail: string }).detail).toBe("This agent has been banned by a moderator.");
    const more = await readStream(`${base}/api/internal/userConversations/${conversationId}/segments`, token, {
      question: "hi",
    });
    expect(more.status).toBe(403);
    expect((await api("POST", `/configStates/fromGptSystem/${gptSystemId}`, token)).statusCode).toBe(403);

    const entries = await t.deps.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, "GptSystem"), eq(auditLog.entityId, gptSystemId)));
    expect(entries).toEqual([
      expect.objectContaining({
        operation: "Update",
        before: { moderationStatus: null },
        after: { moderationStatus: "Banned" },
        actorDisplayName: "Administrator",
      }),
    ]);
    const reportEntries = await t.deps.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityType, "ModerationReport"));
    expect(reportEntries.map((e) => e.entityId)).toEqual(expect.arrayContaining(reportIds));
  });

  it("blocks the creator from creating agents, which blocks their agents too", async () => {
    const { creator, token, gptSystemId, reportIds } = await reportedAgent();
    const response = await decide({
      moderationReportId: reportIds[0],
      agentModerationAction: "TakeNoAction",
      userModerationAction: "BlockAgentCreation",
      moderationNotes: "Repeated abuse.",
    });
    expect(response.json().report.personalAgentSettings).toEqual({
      isBannedFromCreatingAgents: true,
      isBannedFromSharingAgents: false,
    });
    expect(
      (await api("GET", "/CurrentUser/details", token)).json().personalAgentSettings.isBannedFromCreatingAgents,
    ).toBe(true);
    expect((await api("POST", "/configStates/personal", token, { gptSystemName: "Another" })).statusCode).toBe(403);
    expect(
      (
        await readStream(`${base}/api/internal/userConversations/byGptSystemId/${gptSystemId}`, token, {
          question: "hi",
        })
      ).status,
    ).toBe(403);
    const entries = await t.deps.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, "User"), eq(auditLog.entityId, creator.userId)));
    expect(entries).toEqual([
      expect.objectContaining({
        before: { isBannedFromCreatingAgents: false },
        after: { isBannedFromCreatingAgents: true },
      }),
    ]);
  });
});

describe("while personal agents are off", () => {
  it("answers 404 to the moderation operations", async () => {
    const { reportIds } = await reportedAgent();
    await setPersonalAgentsFlag(t, false);
    try {
      for (const url of [
        "/admin/moderation/reports",
        `/admin/moderation/reports/${reportIds[0]}`,
        `/admin/moderation/reports/${reportIds[0]}/context`,
      ])
        expect((await api("GET", url, admin)).statusCode, url).toBe(404);
      expect((await decide({ moderationReportId: reportIds[0] })).statusCode).toBe(404);
    } finally {
      await setPersonalAgentsFlag(t, true);
    }
  });
});
