import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { conversations } from "../../../../src/server/db/chatSchema";
import { buildTestApp, type TestApp, type TestUser } from "../../../helpers/buildTestApp";
import { answerOf, createAgent, listen, readStream } from "../../../helpers/chatFixtures";
import { startFakeModelServer, type FakeModelServer } from "../../../fakes/fakeModelServer";

let t: TestApp;
let base: string;
let fake: FakeModelServer;
let owner: TestUser;
let ownerToken: string;
let strangerToken: string;
let agentId: string;

beforeAll(async () => {
  fake = await startFakeModelServer();
  t = await buildTestApp();
  base = await listen(t.app);
  const suffix = Date.now();
  owner = await t.createUser({ userName: `owner-${suffix}`, roles: ["user"] });
  ownerToken = await t.tokenFor(owner);
  strangerToken = await t.tokenFor(await t.createUser({ userName: `stranger-${suffix}`, roles: ["user"] }));
  ({ gptSystemId: agentId } = await createAgent(t.deps.database.db, { openaiBaseUrl: fake.openaiBaseUrl, encryptionKey: t.deps.config.encryptionKey }));
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const api = (method: "GET" | "PUT" | "POST" | "DELETE", url: string, token = ownerToken, payload?: unknown) =>
  t.app.inject({ method, url: `/api/internal${url}`, headers: { authorization: `Bearer ${token}` }, ...(payload === undefined ? {} : { payload: payload as object }) });

async function start(question: string, answer: string[], title = "Title") {
  fake.enqueue({ tokens: answer }, { tokens: [title] });
  const { frames } = await readStream(`${base}/api/internal/userConversations/byGptSystemId/${agentId}`, ownerToken, { question });
  return frames[0]!.data as { conversationId: string; conversationSegmentId: string };
}

async function followUp(conversationId: string, question: string, answer: string[], parentSegmentId?: string | null) {
  fake.enqueue({ tokens: answer });
  const body = parentSegmentId === undefined ? { question } : { question, parentSegmentId };
  const { frames } = await readStream(`${base}/api/internal/userConversations/${conversationId}/segments`, ownerToken, body);
  return { ...(frames[0]!.data as { conversationSegmentId: string }), answer: answerOf(frames) };
}

describe("conversations", () => {
  it("renames, archives, unarchives, exports and deletes", async () => {
    const { conversationId } = await start("What is: a/b?", ["It is ", "a fraction."], "Fractions");
    const renamed = await api("PUT", `/userConversations/${conversationId}/updateTitle`, ownerToken, { conversationId, title: 'Maths: "a/b" <1>?' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ title: 'Maths: "a/b" <1>?', isArchived: false });

    const tooLong = await api("PUT", `/userConversations/${conversationId}/updateTitle`, ownerToken, { conversationId, title: "x".repeat(51) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errors).toEqual({ title: ["must be at most 50 characters"] });
    // A title is one line of visible text: line breaks become spaces, bidirectional overrides go.
    for (const title of ["\u200b\u200b", "\u0301", " \u00ad\u200e\u20dd ", "\u3164\u2800"]) {
      const invisible = await api("PUT", `/userConversations/${conversationId}/updateTitle`, ownerToken, { conversationId, title });
      expect(invisible.statusCode).toBe(400);
      expect(invisible.json().errors).toEqual({ title: ["is required"] });
    }
    // A mark on a letter is visible text.
    expect((await api("PUT", `/userConversations/${conversationId}/updateTitle`, ownerToken, { conversationId, title: "Cafe\u0301" })).json()).toMatchObject({ title: "Cafe\u0301" });
    const twoLines = await api("PUT", `/userConversations/${conversationId}/updateTitle`, ownerToken, { conversationId, title: "line1\nline2\r\nX-Evil: 1" });
    expect(twoLines.json()).toMatchObject({ title: "line1 line2 X-Evil: 1" });
    const reversed = await api("PUT", `/userConversations/${conversationId}/updateTitle`, ownerToken, { conversationId, title: "report\u202etxt.exe" });
    expect(reversed.json()).toMatchObject({ title: "reporttxt.exe" });
    await api("PUT", `/userConversations/${conversationId}/updateTitle`, ownerToken, { conversationId, title: 'Maths: "a/b" <1>?' });

    expect((await api("PUT", `/userConversations/${conversationId}/archive`)).json()).toMatchObject({ isArchived: true });
    const archived = (await api("GET", "/userConversations/archived")).json();
    expect(archived.items.map((c: { conversationId: string }) => c.conversationId)).toContain(conversationId);
    const history = (await api("GET", "/userConversations")).json();
    expect(history.items.map((c: { conversationId: string }) => c.conversationId)).not.toContain(conversationId);
    expect((await api("PUT", `/userConversations/${conversationId}/unArchive`)).json()).toMatchObject({ isArchived: false });

    const exported = await api("GET", `/userConversations/${conversationId}/export`);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(exported.headers["content-disposition"]).toBe(`attachment; filename="Maths ab 1.txt"; filename*=UTF-8''Maths%20ab%201.txt`);
    expect(exported.body).toContain("User:\nWhat is: a/b?\n\nTest agent:\nIt is a fraction.");

    expect((await api("DELETE", `/userConversations/${conversationId}`)).statusCode).toBe(204);
    expect((await api("GET", `/userConversations/${conversationId}`)).statusCode).toBe(404);
    const withDeleted = (await api("GET", "/userConversations?includeDeleted=true")).json();
    expect(withDeleted.items.find((c: { conversationId: string }) => c.conversationId === conversationId)).toMatchObject({ isDeleted: true });
  });

  it("branches on an edited question and switches branches", async () => {
    const first = await start("Q1", ["A1"]);
    const second = await followUp(first.conversationId, "Q2", ["A2"]);
    // Editing Q2 = a sibling under Q1's segment.
    const edited = await followUp(first.conversationId, "Q2 edited", ["A2'"], first.conversationSegmentId);
    const context = fake.requests.at(-1)!.body.messages;
    expect(context).toEqual([
      { role: "system", content: "You are a test agent." },
      { role: "user", content: "Q1" },
      { role: "assistant", content: "A1" },
      { role: "user", content: "Q2 edited" },
    ]);
    let conversation = (await api("GET", `/userConversations/${first.conversationId}`)).json();
    expect(conversation.conversationSegmentTree.segmentPath).toEqual([first.conversationSegmentId, edited.conversationSegmentId]);
    expect(conversation.conversationSegmentTree.segments[1].siblingIds).toEqual([second.conversationSegmentId, edited.conversationSegmentId]);

    const switched = await api("PUT", `/userConversations/${first.conversationId}/updateSelectedLeafSegmentId`, ownerToken, {
      conversationSegmentId: second.conversationSegmentId,
    });
    expect(switched.statusCode).toBe(200);
    conversation = switched.json();
    expect(conversation.conversationSegmentTree.segments.map((s: { question: string }) => s.question)).toEqual(["Q1", "Q2"]);

    // Editing the first question: a new root.
    const newRoot = await followUp(first.conversationId, "Q1 again", ["A1'"], null);
    expect(fake.requests.at(-1)!.body.messages).toEqual([
      { role: "system", content: "You are a test agent." },
      { role: "user", content: "Q1 again" },
    ]);
    conversation = (await api("GET", `/userConversations/${first.conversationId}`)).json();
    expect(conversation.conversationSegmentTree.segments[0].siblingIds).toEqual([first.conversationSegmentId, newRoot.conversationSegmentId]);

    const foreign = await api("PUT", `/userConversations/${first.conversationId}/updateSelectedLeafSegmentId`, ownerToken, {
      conversationSegmentId: "00000000-0000-4000-8000-000000000000",
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors).toEqual({ conversationSegmentId: ["is not a segment of this conversation"] });
  });

  it("pages with continuationToken and searches titles case-insensitively", async () => {
    const user = await t.createUser({ userName: `pager-${Date.now()}`, roles: ["user"] });
    const token = await t.tokenFor(user);
    for (const title of ["Alpha", "beta", "Gamma", "alphabet", "Delta"]) {
      fake.enqueue({ tokens: ["ok"] }, { tokens: [title] });
      await readStream(`${base}/api/internal/userConversations/byGptSystemId/${agentId}`, token, { question: title });
    }
    const titles: string[] = [];
    let continuationToken: string | null = null;
    let pages = 0;
    do {
      const query: string = continuationToken ? `&continuationToken=${encodeURIComponent(continuationToken)}` : "";
      const page = (await api("GET", `/userConversations?pageSize=2${query}`, token)).json();
      titles.push(...page.items.map((c: { title: string }) => c.title));
      continuationToken = page.continuationToken;
      pages += 1;
    } while (continuationToken);
    expect(pages).toBe(3);
    expect(titles).toEqual(["Delta", "alphabet", "Gamma", "beta", "Alpha"]);
    const found = (await api("GET", "/userConversations?search=ALPHA", token)).json();
    expect(found.items.map((c: { title: string }) => c.title)).toEqual(["alphabet", "Alpha"]);
    const bad = await api("GET", "/userConversations?continuationToken=garbage", token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ continuationToken: ["is not a token this server issued"] });
  });

  it("searches titles ignoring the case of every letter, not only A to Z, and takes wildcards and brackets as typed", async () => {
    const user = await t.createUser({ userName: `searcher-${Date.now()}`, roles: ["user"] });
    const token = await t.tokenFor(user);
    const titles = ["Été à Genève", "ΟΔΟΣ plan", "50% off_now", "Cost [draft] (v2)", "Straße im Süden", "Plain title", "Ο Σίσυφος", "İstanbul trip", "Cafe\u0301 notes", "Don’t panic", "Hauptstrasse 5"];
    for (const title of titles) {
      fake.enqueue({ tokens: ["ok"] }, { tokens: [title] });
      await readStream(`${base}/api/internal/userConversations/byGptSystemId/${agentId}`, token, { question: title });
    }
    const found = async (search: string) =>
      (await api("GET", `/userConversations?search=${encodeURIComponent(search)}`, token)).json().items.map((c: { title: string }) => c.title);
    // The test's PostgreSQL database has the C locale, whose lower() changes A–Z only.
    expect(await found("ÉTÉ À GENÈVE")).toEqual(["Été à Genève"]);
    expect(await found("οδος")).toEqual(["ΟΔΟΣ plan"]);
    expect(await found("SÜDEN")).toEqual(["Straße im Süden"]);
    // ß is "SS" in capitals, and "ss" where the keyboard has none.
    expect(await found("STRASSE")).toEqual(["Hauptstrasse 5", "Straße im Süden"]);
    expect(await found("strasse im")).toEqual(["Straße im Süden"]);
    expect(await found("ẞE IM")).toEqual(["Straße im Süden"]);
    expect(await found("HAUPTSTRAẞE")).toEqual(["Hauptstrasse 5"]);
    // A word's last sigma is ς in small letters, Σ in capitals; the Turkish İ is an I.
    expect(await found("ΣΊΣΥΦΟΣ")).toEqual(["Ο Σίσυφος"]);
    expect(await found("istanbul")).toEqual(["İstanbul trip"]);
    expect(await found("%")).toEqual(["50% off_now"]);
    expect(await found("f_n")).toEqual(["50% off_now"]);
    expect(await found("[DRAFT] (V2")).toEqual(["Cost [draft] (v2)"]);
    // An accent as one character or as the letter then its mark, an apostrophe straight or curly.
    expect(await found("CAFÉ")).toEqual(["Cafe\u0301 notes"]);
    expect(await found("cafe\u0301")).toEqual(["Cafe\u0301 notes"]);
    expect(await found("E\u0301TE\u0301")).toEqual(["Été à Genève"]);
    expect(await found("don't")).toEqual(["Don’t panic"]);
    expect(await found(".*")).toEqual([]);
    expect(await found("\\")).toEqual([]);
  });

  it("pages through conversations whose times differ below the millisecond or are the same, and refuses a token it did not issue", async () => {
    const user = await t.createUser({ userName: `ties-${Date.now()}`, roles: ["user"] });
    const token = await t.tokenFor(user);
    // PostgreSQL keeps microseconds; one statement stores several rows with the very same now().
    const times = ["10:00:00.123900", "10:00:00.123500", "10:00:00.123500", "10:00:00.123500", "10:00:00.123100"];
    for (const [index, time] of times.entries())
      await t.deps.database.db
        .insert(conversations)
        .values({ userId: user.userId, gptSystemId: agentId, title: `Tie ${index}`, updatedAt: sql`${`2025-01-01 ${time}+00`}::timestamptz` });
    const seen: string[] = [];
    let continuationToken: string | null = null;
    do {
      const query: string = continuationToken ? `&continuationToken=${encodeURIComponent(continuationToken)}` : "";
      const page = (await api("GET", `/userConversations?pageSize=1${query}`, token)).json();
      seen.push(...page.items.map((c: { title: string }) => c.title));
      continuationToken = page.continuationToken;
    } while (continuationToken && seen.length <= times.length);
    const all = (await api("GET", "/userConversations?pageSize=50", token)).json().items.map((c: { title: string }) => c.title);
    expect(all).toHaveLength(5);
    expect(seen).toEqual(all);

    const forged = (cursor: object) => Buffer.from(JSON.stringify(cursor)).toString("base64url");
    for (const cursor of [
      { updatedAt: new Date().toISOString(), conversationId: "zzz" },
      { updatedAt: "+275760-09-13T00:00:00.000Z", conversationId: "00000000-0000-4000-8000-000000000000" },
      // Shaped as a timestamp, but no instant: the database would refuse them with an error (a 500).
      ...["2026-02-30 00:00:00+00", "2026-13-01 00:00:00Z", "2026-01-01 99:00:00Z", "0000-01-01 00:00:00Z", "2026-01-01 00:00:00+99"].map(
        (updatedAt) => ({ updatedAt, conversationId: "00000000-0000-4000-8000-000000000000" }),
      ),
    ]) {
      const refused = await api("GET", `/userConversations?continuationToken=${forged(cursor)}`, token);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors).toEqual({ continuationToken: ["is not a token this server issued"] });
    }
  });

  it("answers 404 for every operation on another user's conversation", async () => {
    const { conversationId, conversationSegmentId } = await start("Private", ["secret answer"]);
    const seg = `/userConversations/${conversationId}/segments/${conversationSegmentId}`;
    const attempts = [
      api("GET", `/userConversations/${conversationId}`, strangerToken),
      api("DELETE", `/userConversations/${conversationId}`, strangerToken),
      api("PUT", `/userConversations/${conversationId}/archive`, strangerToken),
      api("PUT", `/userConversations/${conversationId}/unArchive`, strangerToken),
      api("PUT", `/userConversations/${conversationId}/updateTitle`, strangerToken, { conversationId, title: "mine" }),
      api("PUT", `/userConversations/${conversationId}/updateSelectedLeafSegmentId`, strangerToken, { conversationSegmentId }),
      api("GET", `/userConversations/${conversationId}/export`, strangerToken),
      api("GET", `${seg}/executionDetails`, strangerToken),
      api("POST", `${seg}/feedback`, strangerToken, { feedback: "Positive" }),
      api("DELETE", `${seg}/feedback`, strangerToken),
      api("POST", `${seg}/removeFeedback`, strangerToken),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.statusCode).toBe(404);
      expect(response.headers["content-type"]).toBe("application/problem+json; charset=utf-8");
    }
    const streamed = await readStream(`${base}/api/internal/userConversations/${conversationId}/segments`, strangerToken, { question: "hi" });
    expect(streamed.status).toBe(404);
    const followed = await readStream(`${base}/api/internal${seg}/stream`, strangerToken);
    expect(followed.status).toBe(404);
    // Still intact for its owner.
    expect((await api("GET", `/userConversations/${conversationId}`)).json().title).toBe("Title");
  });

  it("records feedback and execution details per answer", async () => {
    const { conversationId, conversationSegmentId } = await start("Rate me", ["fine"]);
    const seg = `/userConversations/${conversationId}/segments/${conversationSegmentId}`;
    const up = await api("POST", `${seg}/feedback`, ownerToken, { feedback: "Positive" });
    expect(up.json()).toMatchObject({ conversationSegmentId, feedback: "Positive" });
    expect((await api("DELETE", `${seg}/feedback`)).json()).toMatchObject({ feedback: null });
    // The spec's removeFeedback does the same as DELETE.
    await api("POST", `${seg}/feedback`, ownerToken, { feedback: "Negative" });
    const removed = await api("POST", `${seg}/removeFeedback`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ conversationSegmentId, feedback: null });
    expect((await api("GET", `/userConversations/${conversationId}`)).json().conversationSegmentTree.segments[0].feedback).toBeNull();
    const details = (await api("GET", `${seg}/executionDetails`)).json();
    expect(details).toMatchObject({ status: "Complete", languageEngineName: "Fake", deploymentName: "fake-model", inputTokens: 10, outputTokens: 1, steps: ["Generating the answer"] });
  });

  it("refuses a conversation's first question that names a parent (there is none to ask under), and takes null", async () => {
    const other = await start("Elsewhere", ["Here."]);
    const refused = await api("POST", `/userConversations/byGptSystemId/${agentId}`, ownerToken, { question: "New", parentSegmentId: other.conversationSegmentId });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ parentSegmentId: ["must be null or absent when a conversation starts"] });
    fake.enqueue({ tokens: ["Fine."] }, { tokens: ["Title"] });
    const { frames } = await readStream(`${base}/api/internal/userConversations/byGptSystemId/${agentId}`, ownerToken, { question: "New", parentSegmentId: null });
    expect(frames.at(-1)!.event).toBe("no-more-data");
  });

  it("refuses a question under an answer still coming (409), and takes it once the answer is complete", async () => {
    const first = await start("First", ["One."]);
    fake.enqueue({ tokens: ["Slow", " second."], delayMs: 300 });
    let refused: ReturnType<typeof api> | undefined;
    const url = `${base}/api/internal/userConversations/${first.conversationId}/segments`;
    await readStream(url, ownerToken, { question: "Second" }, {
      onFrame: (frame) => {
        if (frame.event !== "conversation-and-segment-id") return;
        const { conversationSegmentId } = frame.data as { conversationSegmentId: string };
        refused = api("POST", `/userConversations/${first.conversationId}/segments`, ownerToken, { question: "Too soon", parentSegmentId: conversationSegmentId });
      },
    });
    const response = await refused!;
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ status: 409, detail: "The answer to the question before is still coming. Ask again once it is complete." });
    expect((await followUp(first.conversationId, "Now", ["Fine."])).answer).toBe("Fine.");
  });

  it("stops an answer still coming when its conversation is deleted", async () => {
    fake.enqueue({ tokens: Array.from({ length: 40 }, (_, i) => `w${i} `), delayMs: 100 });
    let deleted: Promise<unknown> | undefined;
    const startedAt = Date.now();
    const { frames } = await readStream(`${base}/api/internal/userConversations/byGptSystemId/${agentId}`, ownerToken, { question: "Long one" }, {
      onFrame: (frame, all) => {
        if (!deleted && all.filter((f) => f.event === "response-updated").length === 2) {
          const { conversationId } = all[0]!.data as { conversationId: string };
          deleted = api("DELETE", `/userConversations/${conversationId}`);
        }
      },
    });
    expect(((await deleted) as { statusCode: number }).statusCode).toBe(204);
    // Well before the 4 s the model would take to the end.
    expect(Date.now() - startedAt).toBeLessThan(3000);
    expect(frames.find((frame) => frame.event === "response-model")?.data).toMatchObject({ status: "Aborted" });
    expect(frames.at(-1)!.event).toBe("no-more-data");
  });

  it("lets a second client follow an answer that is still streaming", async () => {
    fake.enqueue({ tokens: ["one ", "two ", "three ", "four ", "five"], delayMs: 150 }, { tokens: ["Follow"] });
    let ids: { conversationId: string; conversationSegmentId: string } | undefined;
    let followed: Promise<Awaited<ReturnType<typeof readStream>>> | undefined;
    const main = readStream(`${base}/api/internal/userConversations/byGptSystemId/${agentId}`, ownerToken, { question: "Count" }, {
      onFrame: (frame, all) => {
        if (frame.event === "conversation-and-segment-id") ids = frame.data as typeof ids;
        if (!followed && all.filter((f) => f.event === "response-updated").length === 2)
          followed = readStream(`${base}/api/internal/userConversations/${ids!.conversationId}/segments/${ids!.conversationSegmentId}/stream`, ownerToken);
      },
    });
    await main;
    const follower = await followed!;
    expect(follower.frames[0]!.event).toBe("conversation-and-segment-id");
    expect(answerOf(follower.frames)).toBe("one two three four five");
    expect(follower.frames.at(-1)!.event).toBe("no-more-data");
    // After the end, following replays the stored answer.
    const replay = await readStream(`${base}/api/internal/userConversations/${ids!.conversationId}/segments/${ids!.conversationSegmentId}/stream`, ownerToken);
    expect(replay.frames.map((f) => f.event)).toEqual(["conversation-and-segment-id", "response-updated", "response-model", "no-more-data"]);
    expect(answerOf(replay.frames)).toBe("one two three four five");
  });
});
