/**
 * File search end to end: an attachment is indexed by the background worker,
 * the best passage reaches the model with the instruction to cite, the answer's
 * citations carry file and page, and the cited file downloads for its owner.
 * Also the job table: permanent errors, retries with backoff, resumption.
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { attachments, indexingJobs } from "../../../../src/server/db/filesSchema";
import { wakeIndexingWorkers } from "../../../../src/server/retrieval/jobs/wakeUp";
import { blobStoreFor } from "../../../../src/server/storage/blobStoreFor";
import type { FakeModelServer } from "../../../fakes/fakeModelServer";
import { startFileChatApp, type FileChatApp } from "../../../helpers/fileChatApp";
import { configStates } from "../../../../src/server/db/chatSchema";
import { TEST_ADMIN, type TestApp } from "../../../helpers/buildTestApp";
import { answerOf, createAgent, readStream } from "../../../helpers/chatFixtures";
import { makePdf, multipart } from "../../../helpers/fileFixtures";

let t: TestApp;
let fake: FakeModelServer;
let base: string;
let ownerToken: string;
let strangerToken: string;

let app: FileChatApp;
beforeAll(async () => {
  app = await startFileChatApp("retrieval", { INDEXING_RETRY_BASE_MS: "60000" }, ["reader", "other-reader"]);
  ({ t, fake, base, ownerToken, strangerToken } = app);
});
afterAll(() => app.close());

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const get = (url: string, token = ownerToken) =>
  t.app.inject({ method: "GET", url: `/api/internal${url}`, headers: auth(token) });

async function upload(name: string, content: Buffer): Promise<string> {
  const body = multipart({ attachmentType: "FileSearch", context: "Conversation" }, { name, content });
  const response = await t.app.inject({
    method: "POST",
    url: "/api/internal/attachments",
    headers: { ...auth(ownerToken), ...body.headers },
    payload: body.payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().attachmentId;
}

const handbook = makePdf([
  ["Welcome to the staff handbook.", "Read every page before your first day."],
  ["Parking is free in the north garage.", "Badges are issued at reception."],
  ["Safety appendix.", "The vault combination is 7-3-9-1 and changes every March."],
]);

describe("file search", () => {
  it("finds a fact that is only on page 3, sends that passage to the model and cites page 3", async () => {
    const { gptSystemId } = await createAgent(t.deps.database.db, {
      openaiBaseUrl: fake.openaiBaseUrl,
      encryptionKey: t.deps.config.encryptionKey,
      systemPrompt: "Be brief.",
    });
    const attachmentId = await upload("handbook.pdf", handbook);
    fake.enqueue({ tokens: ["It is ", "7-3-9-1 [1]."] }, { tokens: ["Vault"] });
    // Asked at once: the question waits for the file to be indexed.
    const { frames } = await readStream(
      `${base}/api/internal/userConversations/byGptSystemId/${gptSystemId}`,
      ownerToken,
      {
        question: "What is the vault combination?",
        attachmentIds: [attachmentId],
      },
    );
    expect(frames.filter((f) => f.event === "step-update").map((f) => f.data)).toEqual([
      "Searching your files",
      "Generating the answer",
    ]);

    const system = (fake.requests.at(-2)!.body.messages as { role: string; content: string }[])[0]!;
    expect(system.role).toBe("system");
    expect(system.content).toMatch(
      /^Be brief\.\n\nAnswer from the sources below when they are relevant\. If the sources do not contain the answer, say so\. Cite each source/,
    );
    expect(system.content).toContain(
      "[1] handbook.pdf, page 3\nSafety appendix.\nThe vault combination is 7-3-9-1 and changes every March.",
    );
    expect(system.content).not.toContain("Parking");

    const expected = {
      title: "handbook.pdf",
      path: `attachments/${attachmentId}/handbook.pdf`,
      page: 3,
      snippet: "Safety appendix.\nThe vault combination is 7-3-9-1 and changes every March.",
      fileId: attachmentId,
    };
    const responseModel = frames.find((f) => f.event === "response-model")!.data as { citations: unknown[] };
    expect(responseModel.citations).toEqual([expected]);
    const { conversationId, conversationSegmentId } = frames[0]!.data as {
      conversationId: string;
      conversationSegmentId: string;
    };
    const conversation = (await get(`/userConversations/${conversationId}`)).json();
    expect(conversation.conversationSegmentTree.segments[0]).toMatchObject({
      attachments: [attachmentId],
      citations: [expected],
    });

    const citationUrl = `/userConversations/${conversationId}/segments/${conversationSegmentId}/citations?title=handbook.pdf&path=${encodeURIComponent(expected.path)}`;
    const download = await get(citationUrl);
    expect(download.statusCode).toBe(200);
    expect(download.headers["content-type"]).toBe("application/octet-stream");
    expect(download.headers["content-disposition"]).toBe(
      `attachment; filename="handbook.pdf"; filename*=UTF-8''handbook.pdf`,
    );
    expect(download.rawPayload.equals(handbook)).toBe(true);
    expect((await get(citationUrl, strangerToken)).statusCode).toBe(404);
    expect((await get(citationUrl.replace("title=handbook.pdf", "title=other.pdf"))).statusCode).toBe(404);

    // A follow-up without attachmentIds still searches the conversation's files.
    fake.enqueue({ tokens: ["North garage [1]."] });
    const followUp = await readStream(`${base}/api/internal/userConversations/${conversationId}/segments`, ownerToken, {
      question: "Where is parking?",
    });
    expect(
      (followUp.frames.find((f) => f.event === "response-model")!.data as { citations: { page: number }[] })
        .citations[0]!.page,
    ).toBe(2);
  });

  it("lets the local engine answer by quoting the passage with its citation", async () => {
    const { gptSystemId } = await createAgent(t.deps.database.db, { encryptionKey: t.deps.config.encryptionKey });
    const attachmentId = await upload("handbook.pdf", handbook);
    const { frames } = await readStream(
      `${base}/api/internal/userConversations/byGptSystemId/${gptSystemId}`,
      ownerToken,
      {
        question: "When does the vault combination change?",
        attachmentIds: [attachmentId],
      },
    );
    expect(answerOf(frames)).toContain(
      // The PDF's lines stay lines in the quote.
      "> Safety appendix.\\\n> The vault combination is 7-3-9-1 and changes every March.\n\n— [1] handbook.pdf, page 3",
    );
    expect(
      (frames.find((f) => f.event === "response-model")!.data as { citations: { page: number }[] }).citations.map(
        (c) => c.page,
      ),
    ).toEqual([3]);
  });
});

describe("indexing jobs", () => {
  async function waitFor(attachmentId: string, status: string) {
    for (let i = 0; i < 200; i++) {
      const body = (await get(`/attachments/${attachmentId}`)).json();
      if (body.status === status) return body;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`never ${status}`);
  }

  it("marks a damaged file Error at once, with the reason", async () => {
    const attachmentId = await upload("broken.pdf", Buffer.from("%PDF-1.7\nnothing useful here\n%%EOF"));
    const body = await waitFor(attachmentId, "Error");
    expect(body.errorText).toMatch(/^The PDF cannot be opened|no text/);
  });

  it("retries a transient failure later (backoff), and resumes a job whose worker died", async () => {
    const db = t.deps.database.db;
    const content = Buffer.from("Resumable words.");
    const attachmentId = await upload("notes.txt", content);
    await waitFor(attachmentId, "Online");
    // The blob store is unreachable (here: the blob is gone) while the job runs again.
    const [row] = await db.select().from(attachments).where(eq(attachments.attachmentId, attachmentId));
    const blobs = blobStoreFor(t.deps.config);
    await blobs.delete(row!.blobKey);
    await db
      .update(indexingJobs)
      .set({ status: "Queued", attempts: 0, runAfter: sql`now()` })
      .where(eq(indexingJobs.attachmentId, attachmentId));
    wakeIndexingWorkers();
    let job: typeof indexingJobs.$inferSelect | undefined;
    for (let i = 0; i < 200 && job?.attempts !== 1; i++) {
      await new Promise((r) => setTimeout(r, 50));
      [job] = await db
        .select()
        .from(indexingJobs)
        .where(and(eq(indexingJobs.attachmentId, attachmentId), eq(indexingJobs.status, "Queued")));
    }
    expect(job).toMatchObject({ status: "Queued", attempts: 1, lastError: `No blob ${row!.blobKey}` });
    // INDEXING_RETRY_BASE_MS is one minute in this file: the retry waits.
    expect(job!.runAfter.getTime() - Date.now()).toBeGreaterThan(50_000);

    // Storage is back; a worker then took the job and died: its lease ran out, so it is taken up again.
    await db
      .update(attachments)
      .set({ blobKey: await blobs.put(content) })
      .where(eq(attachments.attachmentId, attachmentId));
    await db
      .update(indexingJobs)
      .set({ status: "Processing", leaseUntil: sql`now() - interval '1 second'` })
      .where(eq(indexingJobs.attachmentId, attachmentId));
    wakeIndexingWorkers();
    const done = await waitFor(attachmentId, "Online");
    expect(done.chunkCount).toBe(1);
    const [finished] = await db.select().from(indexingJobs).where(eq(indexingJobs.attachmentId, attachmentId));
    expect(finished).toMatchObject({ attempts: 2, lastError: null, leaseUntil: null });
  });
});

describe("file libraries", () => {
  const admin = async () => auth(await t.tokenFor(TEST_ADMIN.userName));
  const adminCall = async (
    method: "GET" | "POST" | "PUT" | "DELETE",
    url: string,
    payload?: object | Buffer,
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      method,
      url: `/api/internal/admin${url}`,
      headers: { ...(await admin()), ...headers },
      ...(payload === undefined ? {} : { payload }),
    });

  it("are managed by administrators, indexed, searched for the agents that name them, and re-indexed", async () => {
    const created = await adminCall("POST", "/dataSources", { name: "  Policies ", description: "HR" });
    expect(created.statusCode).toBe(201);
    const library = created.json();
    expect(library).toMatchObject({ name: "Policies", description: "HR", status: "Online", fileCount: 0 });
    const body = multipart(
      {},
      {
        name: "travel.pdf",
        content: makePdf([["Travel policy."], ["Trains are booked in second class; flights need approval from Dana."]]),
      },
    );
    const uploaded = await adminCall("POST", `/dataSources/${library.dataSourceId}/files`, body.payload, body.headers);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const file = uploaded.json();
    expect(file).toMatchObject({ dataSourceId: library.dataSourceId, fileName: "travel.pdf", status: "Queued" });
    // Library files are not the uploader's attachments.
    expect((await get(`/attachments/${file.fileId}`, (await admin()).authorization.slice(7))).statusCode).toBe(404);

    let files: { status: string; pageCount: number | null }[] = [];
    for (let i = 0; i < 200 && files[0]?.status !== "Online"; i++) {
      await new Promise((r) => setTimeout(r, 50));
      files = (await adminCall("GET", `/dataSources/${library.dataSourceId}/files?keywords=TRAVEL&top=5`)).json();
    }
    expect(files[0]).toMatchObject({ status: "Online", pageCount: 2 });
    expect((await adminCall("GET", `/dataSources/${library.dataSourceId}/files?status=Error`)).json()).toEqual([]);
    const list = await adminCall("GET", `/dataSources?filter=${encodeURIComponent('{"q":"polic"}')}&range=[0,9]`);
    expect(list.headers["content-range"]).toBe("dataSources 0-0/1");
    expect(list.json()[0]).toMatchObject({ dataSourceId: library.dataSourceId, status: "Online", fileCount: 1 });

    // An agent that names the library answers any user from it, with a citation they may download.
    const { gptSystemId, configStateId } = await createAgent(t.deps.database.db, {
      encryptionKey: t.deps.config.encryptionKey,
    });
    await t.deps.database.db
      .update(configStates)
      .set({ dataSources: [library.dataSourceId] })
      .where(eq(configStates.configStateId, configStateId));
    const { frames } = await readStream(
      `${base}/api/internal/userConversations/byGptSystemId/${gptSystemId}`,
      ownerToken,
      { question: "Who approves flights?" },
    );
    expect(answerOf(frames)).toContain("flights need approval from Dana.\n\n— [1] travel.pdf, page 2");
    const citation = (
      frames.find((f) => f.event === "response-model")!.data as { citations: { title: string; path: string }[] }
    ).citations[0]!;
    const { conversationId, conversationSegmentId } = frames[0]!.data as {
      conversationId: string;
      conversationSegmentId: string;
    };
    const download = await get(
      `/userConversations/${conversationId}/segments/${conversationSegmentId}/citations?title=${citation.title}&path=${encodeURIComponent(citation.path)}`,
    );
    expect(download.statusCode).toBe(200);

    const reindexed = await adminCall("POST", `/dataSources/${library.dataSourceId}/reindex`);
    expect([reindexed.statusCode, reindexed.json()]).toEqual([202, { queued: 1 }]);
    let status = "";
    for (let i = 0; i < 200 && status !== "Online"; i++) {
      await new Promise((r) => setTimeout(r, 50));
      status = (await adminCall("GET", `/dataSources/${library.dataSourceId}`)).json().status;
    }
    expect(status).toBe("Online");

    expect((await adminCall("DELETE", `/dataSources/${library.dataSourceId}/files/${file.fileId}`)).statusCode).toBe(
      204,
    );
    expect((await adminCall("GET", `/dataSources/${library.dataSourceId}`)).json().fileCount).toBe(0);
    expect((await adminCall("DELETE", `/dataSources/${library.dataSourceId}`)).json()).toMatchObject({
      name: "Policies",
    });
    expect((await adminCall("GET", `/dataSources/${library.dataSourceId}/files`)).statusCode).toBe(404);
    // The agent still answers; the deleted library is simply not searched any more.
    const after = await readStream(`${base}/api/internal/userConversations/byGptSystemId/${gptSystemId}`, ownerToken, {
      question: "Who approves flights?",
    });
    expect(answerOf(after.frames)).toContain("No language model is configured for this agent");
  });

  it("are out of reach without the DataSources actions", async () => {
    const response = await get("/admin/dataSources", ownerToken);
    expect(response.statusCode).toBe(403);
  });
});
