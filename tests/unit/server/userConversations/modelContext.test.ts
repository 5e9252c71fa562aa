import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { TestApp } from "../../../helpers/buildTestApp";
import { answerOf, type Frame, readStream } from "../../../helpers/chatFixtures";
import { startStreamingApp, stopStreamingApp } from "../../../helpers/streamingApp";
import type { FakeModelServer } from "../../../fakes/fakeModelServer";
import {
  CONTEXT_SHORTENED_STEP,
  MAX_CONTEXT_CHARACTERS,
} from "../../../../src/server/features/userConversations/contextBudget";

let t: TestApp;
let base: string;
let fake: FakeModelServer;
let token: string;
let agentId: string;

beforeAll(async () => {
  ({ t, base, fake, token, agentId } = await startStreamingApp("context"));
});
afterAll(() => stopStreamingApp({ t, fake }));
beforeEach(() => {
  fake.requests.length = 0;
});

type Message = { role: string; content: string };
const start = (question: string) =>
  readStream(`${base}/api/internal/userConversations/byGptSystemId/${agentId}`, token, { question });
const followUp = (conversationId: string, question: string) =>
  readStream(`${base}/api/internal/userConversations/${conversationId}/segments`, token, { question });
const idsOf = (frames: Frame[]) => frames[0]!.data as { conversationId: string; conversationSegmentId: string };
const steps = (frames: Frame[]) => frames.filter((f) => f.event === "step-update").map((f) => f.data);
/** The conversation turns of a recorded chat request (the system prompt left out). */
const turnsOf = (index: number) =>
  (fake.requests.at(index)!.body.messages as Message[]).filter((message) => message.role !== "system");
const titleOf = async (conversationId: string) =>
  (
    await t.app.inject({
      url: `/api/internal/userConversations/${conversationId}`,
      headers: { authorization: `Bearer ${token}` },
    })
  ).json().title as string;

describe("what the model is sent of a conversation", () => {
  it("leaves out an answer of only blank lines, joining its question to the next in one turn", async () => {
    fake.enqueue({ tokens: ["First answer"] }, { tokens: ["A title"] });
    const { frames } = await start("First question");
    const { conversationId } = idsOf(frames);
    fake.enqueue({ tokens: ["\n", "\n"] });
    const blank = await followUp(conversationId, "Second question");
    expect(blank.frames.find((f) => f.event === "response-model")!.data).toMatchObject({ status: "Failed" });
    fake.enqueue({ tokens: ["Third answer"] });
    await followUp(conversationId, "Third question");
    expect(turnsOf(-1)).toEqual([
      { role: "user", content: "First question" },
      { role: "assistant", content: "First answer" },
      { role: "user", content: "Second question\n\nThird question" },
    ]);
  });

  it("refuses a question of only spaces and blank lines, storing nothing", async () => {
    for (const question of [" \n\t ", "\u200b\u00a0\u3000", "\u0301\u00ad"]) {
      const { status, problem } = await start(question);
      expect(status).toBe(400);
      expect(problem).toMatchObject({ errors: { question: ["must not be empty or only spaces"] } });
    }
    expect(fake.requests).toEqual([]);
  });

  it("sends a lone surrogate as U+FFFD, as it is stored, and the title request no character cut in half", async () => {
    fake.enqueue({ tokens: ["Fine"] }, { tokens: ["Smiles"] });
    // Its first 2,000 UTF-16 units end inside an emoji (five units before the first).
    const { frames } = await start(`a\ud800bc ${"😀".repeat(1500)}`);
    expect(answerOf(frames)).toBe("Fine");
    const [asked, titled] = fake.requests.map((request) => JSON.stringify(request.body.messages));
    expect(asked).toContain("a\ufffdbc");
    const loneSurrogate = /\\ud[89ab][0-9a-f]{2}(?!\\ud[c-f])|(?<!\\ud[89ab][0-9a-f]{2})\\ud[c-f][0-9a-f]{2}/i;
    for (const body of [asked!, titled!]) expect(body).not.toMatch(loneSurrogate);
    const titleInput = (fake.requests[1]!.body.messages as Message[]).at(-1)!.content;
    const questionPart = titleInput.slice("Question: ".length, titleInput.indexOf("\n\nAnswer:"));
    // 1,505 characters: all of them (2,000 characters at most, not 2,000 UTF-16 units).
    expect([...questionPart]).toHaveLength(1505);
    expect(questionPart.endsWith("😀")).toBe(true);
  });

  it("sends the newest turns that fit, starting with a question, and says older ones were left out", async () => {
    const long = (n: number) => `${n} ${"x".repeat(29_990)}`;
    fake.enqueue({ tokens: ["Answer 0"] }, { tokens: ["Long talk"] });
    const first = await start(long(0));
    const { conversationId } = idsOf(first.frames);
    for (let n = 1; n <= 6; n++) {
      fake.enqueue({ tokens: [`Answer ${n}`] });
      const { frames } = await followUp(conversationId, long(n));
      expect(steps(frames)).toEqual(["Generating the answer"]);
    }
    fake.enqueue({ tokens: ["Answer 7"] });
    const { frames } = await followUp(conversationId, "And now?");
    expect(steps(frames)).toEqual([CONTEXT_SHORTENED_STEP, "Generating the answer"]);
    const turns = turnsOf(-1);
    const history = turns.slice(0, -1).reduce((sum, turn) => sum + turn.content.length, 0);
    expect(history).toBeLessThanOrEqual(MAX_CONTEXT_CHARACTERS);
    // Six of the seven earlier turns fit (each 30,000 characters with its answer).
    expect(turns.map((turn) => turn.content.slice(0, 8))).toEqual([
      ...[1, 2, 3, 4, 5, 6].flatMap((n) => [`${n} xxxxxx`, `Answer ${n}`]),
      "And now?",
    ]);
    expect(answerOf(frames)).toBe("Answer 7");
  });

  it("asks again with a quarter of the history when the provider finds the prompt too long", async () => {
    fake.enqueue({ tokens: ["Answer 1"] }, { tokens: ["A title"] });
    const { frames: first } = await start(`Question 1 ${"y".repeat(3_000)}`);
    const { conversationId } = idsOf(first);
    for (let n = 2; n <= 4; n++) {
      fake.enqueue({ tokens: [`Answer ${n}`] });
      await followUp(conversationId, `Question ${n} ${"y".repeat(3_000)}`);
    }
    const tooLong = {
      status: 400,
      message: "This model's maximum context length is 4096 tokens. However, your messages resulted in 5000 tokens.",
    };
    fake.requests.length = 0;
    fake.enqueue({ fail: tooLong }, { tokens: ["Answer 5"] });
    const { frames } = await followUp(conversationId, "Question 5");
    expect(answerOf(frames)).toBe("Answer 5");
    expect(frames.find((f) => f.event === "response-model")!.data).toMatchObject({ status: "Complete" });
    expect(steps(frames)).toEqual(["Generating the answer", CONTEXT_SHORTENED_STEP]);
    expect(fake.requests).toHaveLength(2);
    expect(turnsOf(0)).toHaveLength(9);
    // A quarter of about 12,000 characters of history: the last question and answer.
    expect(turnsOf(1).map((turn) => turn.content.slice(0, 10))).toEqual(["Question 4", "Answer 4", "Question 5"]);
    const { conversationSegmentId } = idsOf(frames);
    const traced = await t.app.inject({
      url: `/api/internal/userConversations/${conversationId}/segments/${conversationSegmentId}/traceLogs`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(traced.json().traceLogs).toContainEqual(
      expect.objectContaining({
        event: "provider-retry",
        message: "The model found the prompt too long: asked again with fewer earlier messages",
      }),
    );
  });

  it("gives up after two shorter tries, with the provider's words", async () => {
    fake.enqueue({ tokens: ["Answer 1"] }, { tokens: ["A title"] });
    const { frames: first } = await start(`Question 1 ${"z".repeat(3_000)}`);
    const { conversationId } = idsOf(first);
    for (let n = 2; n <= 9; n++) {
      fake.enqueue({ tokens: [`Answer ${n}`] });
      await followUp(conversationId, `Question ${n} ${"z".repeat(3_000)}`);
    }
    fake.requests.length = 0;
    const tooLong = { status: 400, message: "prompt is too long: 215000 tokens > 200000 maximum" };
    fake.enqueue({ fail: tooLong }, { fail: tooLong }, { fail: tooLong });
    const { frames } = await followUp(conversationId, "Question 10");
    expect(fake.requests.map((_, index) => turnsOf(index).length)).toEqual([19, 5, 1]);
    expect(frames.find((f) => f.event === "response-model")!.data).toMatchObject({
      status: "Failed",
      errorText: "OpenAI answered with an error (400): prompt is too long: 215000 tokens > 200000 maximum",
    });
  });

  it("names a conversation after its first answer that completes, when the answers before failed", async () => {
    fake.enqueue({ fail: { status: 500, message: "The model is overloaded" } });
    const { frames } = await start("Plan a trip to Lisbon in May please");
    const { conversationId } = idsOf(frames);
    expect(fake.requests).toHaveLength(1);
    fake.enqueue({ tokens: ["Here is a plan."] }, { tokens: ["Lisbon in May"] });
    const again = await followUp(conversationId, "Plan a trip to Lisbon in May please");
    expect(answerOf(again.frames)).toBe("Here is a plan.");
    expect(fake.requests).toHaveLength(3);
    expect(await titleOf(conversationId)).toBe("Lisbon in May");
    // Named once: the next answers leave the title alone.
    fake.enqueue({ tokens: ["More."] });
    await followUp(conversationId, "More please");
    expect(fake.requests).toHaveLength(4);
    expect(await titleOf(conversationId)).toBe("Lisbon in May");
  });

  it("does not name a conversation the user renamed while its answers failed", async () => {
    fake.enqueue({ fail: { status: 500, message: "The model is overloaded" } });
    const { frames } = await start("Something to rename");
    const { conversationId } = idsOf(frames);
    const renamed = await t.app.inject({
      method: "PUT",
      url: `/api/internal/userConversations/${conversationId}/updateTitle`,
      headers: { authorization: `Bearer ${token}` },
      payload: { conversationId, title: "My own name" },
    });
    expect(renamed.statusCode).toBe(200);
    fake.enqueue({ tokens: ["Fine."] }, { tokens: ["Generated"] });
    await followUp(conversationId, "Try again");
    expect(fake.requests).toHaveLength(2);
    expect(await titleOf(conversationId)).toBe("My own name");
  });
});
