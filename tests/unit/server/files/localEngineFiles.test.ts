/**
 * The built-in local engine answering from an agent's file library: it quotes only passages
 * that match the question and cites exactly those; a question the files say nothing about
 * gets a plain "the files do not cover it"; Chinese and Japanese questions find their
 * passages; and, using no model, it spends no tokens. A real model keeps its fallback.
 */
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { configStates } from "../../../../src/server/db/chatSchema";
import { indexingJobs } from "../../../../src/server/db/filesSchema";
import { NO_MATCHING_PASSAGE_MESSAGE } from "../../../../src/server/llm/localEngine";
import type { FakeModelServer } from "../../../fakes/fakeModelServer";
import { TEST_ADMIN, type TestApp } from "../../../helpers/buildTestApp";
import { answerOf, createAgent, readStream, type Frame } from "../../../helpers/chatFixtures";
import { startFileChatApp, type FileChatApp } from "../../../helpers/fileChatApp";
import { multipart } from "../../../helpers/fileFixtures";

let app: FileChatApp;
let t: TestApp;
let fake: FakeModelServer;
let base: string;
let adminToken: string;
let libraryId: string;
let localAgent: string;

type Citation = { title: string; snippet: string };
const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const admin = (method: "GET" | "POST" | "PUT", url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/internal/admin${url}`, headers: auth(adminToken), payload });
const citationsOf = (frames: Frame[]) =>
  (frames.find((f) => f.event === "response-model")!.data as { citations: Citation[] }).citations;
/** The sources the answer quotes, in order ("— [1] file.txt"). */
const quotedSources = (answer: string) => [...answer.matchAll(/^— \[\d+\] (.+)$/gm)].map((m) => m[1]);

const FILES: Record<string, string> = {
  "leave.txt": "Every employee gets 28 vacation days per year. Unused vacation days expire at the end of March.",
  "travel.txt": "Train tickets are reimbursed in second class. Flights are reimbursed after approval.",
  "meals.txt": "Meals are reimbursed up to 25 euros per day.",
  "gym.txt": "A gym membership is reimbursed at 30 euros per month.",
  "phone.txt": "A work phone contract is reimbursed in full.",
  "chinese.txt": "员工手册。员工每年有二十天年假。停车场在北门，免费使用。",
  "japanese.txt": "社員ハンドブック。会議室は三階にあります。食堂は正午に開きます。",
};

async function uploadLibrary(): Promise<string> {
  const created = await admin("POST", "/dataSources", { name: "Handbook" });
  expect(created.statusCode, created.body).toBe(201);
  const { dataSourceId } = created.json();
  const ids: string[] = [];
  for (const [name, text] of Object.entries(FILES)) {
    const body = multipart({}, { name, content: Buffer.from(text) });
    const uploaded = await t.app.inject({
      method: "POST",
      url: `/api/internal/admin/dataSources/${dataSourceId}/files`,
      headers: { ...auth(adminToken), ...body.headers },
      payload: body.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    ids.push(uploaded.json().fileId);
  }
  for (let i = 0; i < 400; i++) {
    const jobs = await t.deps.database.db
      .select({ status: indexingJobs.status })
      .from(indexingJobs)
      .where(inArray(indexingJobs.attachmentId, ids));
    if (jobs.length === ids.length && jobs.every((j) => j.status === "Online")) return dataSourceId;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("the library never came online");
}

async function agentOnLibrary(options: { openaiBaseUrl?: string; name: string }): Promise<string> {
  const agent = await createAgent(t.deps.database.db, { encryptionKey: t.deps.config.encryptionKey, ...options });
  await t.deps.database.db
    .update(configStates)
    .set({ dataSources: [libraryId] })
    .where(eq(configStates.configStateId, agent.configStateId));
  return agent.gptSystemId;
}

const ask = (gptSystemId: string, question: string, token = app.ownerToken) =>
  readStream(`${base}/api/internal/userConversations/byGptSystemId/${gptSystemId}`, token, { question });

beforeAll(async () => {
  app = await startFileChatApp("local-files", {}, ["local-reader", "local-stranger"]);
  ({ t, fake, base } = app);
  adminToken = await t.tokenFor(TEST_ADMIN.userName);
  libraryId = await uploadLibrary();
  localAgent = await agentOnLibrary({ name: "Handbook bot" });
});
afterAll(() => app.close());

describe("the local engine on a file library", () => {
  it("says plainly that the files do not cover a question they hold nothing about: no quotes, no sources", async () => {
    const { frames } = await ask(localAgent, "What is the capital of France?");
    expect(answerOf(frames)).toBe(NO_MATCHING_PASSAGE_MESSAGE);
    expect(citationsOf(frames)).toEqual([]);
    const { conversationId } = frames[0]!.data as { conversationId: string };
    const stored = await t.app.inject({
      method: "GET",
      url: `/api/internal/userConversations/${conversationId}`,
      headers: auth(app.ownerToken),
    });
    expect(stored.json().conversationSegmentTree.segments[0]).toMatchObject({
      answer: NO_MATCHING_PASSAGE_MESSAGE,
      citations: [],
    });
  });

  it("lists as sources exactly the passages it quotes, in the same order", async () => {
    // Four files mention reimbursement; the engine quotes three.
    const { frames } = await ask(localAgent, "What is reimbursed?");
    const answer = answerOf(frames);
    const quoted = quotedSources(answer);
    expect(quoted).toHaveLength(3);
    expect(citationsOf(frames).map((c) => c.title)).toEqual(quoted);
    for (const citation of citationsOf(frames)) expect(answer).toContain(`> ${citation.snippet}`);
  });

  it("finds the Chinese and the Japanese passage that answers a question in that language, and nothing else", async () => {
    const chinese = await ask(localAgent, "停车场在哪里？");
    expect(citationsOf(chinese.frames).map((c) => c.title)).toEqual(["chinese.txt"]);
    expect(answerOf(chinese.frames)).toContain("停车场在北门");
    const japanese = await ask(localAgent, "会議室はどこですか？");
    expect(citationsOf(japanese.frames).map((c) => c.title)).toEqual(["japanese.txt"]);
    // Other languages are searched as before.
    const english = await ask(localAgent, "How many vacation days do I get?");
    expect(citationsOf(english.frames)[0]!.title).toBe("leave.txt");
  });

  it("reports no tokens: the execution details show 0, a 1-token budget never runs out, analytics count none", async () => {
    const userToken = await t.tokenFor(await t.createUser({ userName: "budgeted-reader", roles: ["user"] }));
    const capped = await admin("PUT", "/instanceSettings/budget", { monthlyTokenCapPerUser: 1 });
    expect(capped.statusCode, capped.body).toBe(200);
    try {
      const first = await ask(localAgent, "How many vacation days do I get?", userToken);
      const { conversationId, conversationSegmentId } = first.frames[0]!.data as {
        conversationId: string;
        conversationSegmentId: string;
      };
      const details = await t.app.inject({
        method: "GET",
        url: `/api/internal/userConversations/${conversationId}/segments/${conversationSegmentId}/executionDetails`,
        headers: auth(userToken),
      });
      expect(details.json()).toMatchObject({ languageEngine: "local", inputTokens: 0, outputTokens: 0 });
      // Its trace does not tell of a model provider, nor of tokens reported.
      const trace = await t.app.inject({
        method: "GET",
        url: `/api/internal/userConversations/${conversationId}/segments/${conversationSegmentId}/traceLogs`,
        headers: auth(userToken),
      });
      const entries = trace.json().traceLogs as { event: string; message: string }[];
      expect(entries.find((entry) => entry.event === "provider-request")?.message).toBe(
        "The built-in engine answers, without a language model",
      );
      expect(entries.find((entry) => entry.event === "first-token")?.message).toBe("First words of the answer sent");
      expect(entries.map((entry) => entry.event)).not.toContain("usage");
      const second = await ask(localAgent, "Are meals reimbursed?", userToken);
      expect(second.status).toBe(200);
      expect(answerOf(second.frames)).toContain("— [1] meals.txt");
    } finally {
      await admin("PUT", "/instanceSettings/budget", { monthlyTokenCapPerUser: null });
    }
    const summary = await admin(
      "GET",
      `/analytics/conversations/summary?reportingPeriod=Last7Days&gptSystemId=${localAgent}`,
    );
    expect(summary.json().totals).toMatchObject({ inputTokens: 0, outputTokens: 0 });
    expect(summary.json().totals.segments).toBeGreaterThanOrEqual(2);
  });

  it("leaves a real model its fallback: with no matching word it is given the beginning of the files", async () => {
    const modelAgent = await agentOnLibrary({ name: "Model bot", openaiBaseUrl: fake.openaiBaseUrl });
    fake.enqueue({ tokens: ["Paris."] }, { tokens: ["Capital"] });
    const { frames } = await ask(modelAgent, "What is the capital of France?");
    expect(answerOf(frames)).toBe("Paris.");
    expect(citationsOf(frames)).toHaveLength(5);
    const request = fake.requests.find((r) =>
      (r.body.messages as { content: string }[]).some((m) => m.content === "What is the capital of France?"),
    )!;
    expect((request.body.messages as { role: string; content: string }[])[0]!.content).toContain("Sources:");
  });
});
