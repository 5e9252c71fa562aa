/**
 * Retrieval across every source a question may use — the conversation's own
 * attachments, the agent's files (context GptSystem) and the agent's file
 * libraries — and the graph index widening a question with the entities that
 * share passages with the one it names.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { configStates } from "../../../../src/server/db/chatSchema";
import { entityCooccurrences, fileEntities, indexingJobs } from "../../../../src/server/db/filesSchema";
import { extractEntities } from "../../../../src/server/retrieval/graph/extractEntities";
import { retrievePassages } from "../../../../src/server/retrieval/retrieve";
import { startFakeModelServer, type FakeModelServer } from "../../../fakes/fakeModelServer";
import { buildTestApp, TEST_ADMIN, type TestApp } from "../../../helpers/buildTestApp";
import { createAgent, listen, readStream } from "../../../helpers/chatFixtures";
import { makePdf, multipart } from "../../../helpers/fileFixtures";

let t: TestApp;
let fake: FakeModelServer;
let base: string;
let userToken: string;
let adminToken: string;
let creatorToken: string;

beforeAll(async () => {
  fake = await startFakeModelServer();
  t = await buildTestApp({ env: { DATA_DIR: mkdtempSync(join(tmpdir(), "agent-chat-agent-files-")) } });
  base = await listen(t.app);
  userToken = await t.tokenFor(await t.createUser({ userName: "asker", roles: ["user"] }));
  creatorToken = await t.tokenFor(await t.createUser({ userName: "creator", roles: ["user"] }));
  adminToken = await t.tokenFor(TEST_ADMIN.userName);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

async function uploadAttachment(token: string, context: "GptSystem" | "Conversation", name: string, text: string) {
  const body = multipart({ attachmentType: "FileSearch", context }, { name, content: Buffer.from(text) });
  const response = await t.app.inject({
    method: "POST",
    url: "/api/internal/attachments",
    headers: { ...auth(token), ...body.headers },
    payload: body.payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().attachmentId as string;
}

async function createLibrary(name: string, files: { name: string; content: Buffer }[]) {
  const created = await t.app.inject({
    method: "POST",
    url: "/api/internal/admin/dataSources",
    headers: auth(adminToken),
    payload: { name },
  });
  const { dataSourceId } = created.json();
  const fileIds: string[] = [];
  for (const file of files) {
    const body = multipart({}, file);
    const uploaded = await t.app.inject({
      method: "POST",
      url: `/api/internal/admin/dataSources/${dataSourceId}/files`,
      headers: { ...auth(adminToken), ...body.headers },
      payload: body.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    fileIds.push(uploaded.json().fileId);
  }
  return { dataSourceId: dataSourceId as string, fileIds };
}

async function waitOnline(attachmentIds: string[]) {
  for (let i = 0; i < 300; i++) {
    const jobs = await t.deps.database.db
      .select({ status: indexingJobs.status })
      .from(indexingJobs)
      .where(inArray(indexingJobs.attachmentId, attachmentIds));
    if (jobs.length === attachmentIds.length && jobs.every((j) => j.status === "Online")) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("files never came online");
}

async function setDataSources(configStateId: string, ids: string[]) {
  await t.deps.database.db
    .update(configStates)
    .set({ dataSources: ids })
    .where(eq(configStates.configStateId, configStateId));
}

describe("sources of a question", () => {
  it("searches the conversation's attachments, the agent's files and its libraries together", async () => {
    const agentFile = await uploadAttachment(
      adminToken,
      "GptSystem",
      "agent-notes.txt",
      "The Zephyr rollout deadline is the last Friday of June.",
    );
    const library = await createLibrary("Zephyr library", [
      { name: "owners.txt", content: Buffer.from("The Zephyr rollout owner is Priya Raman from operations.") },
    ]);
    const { gptSystemId, configStateId } = await createAgent(t.deps.database.db, {
      openaiBaseUrl: fake.openaiBaseUrl,
      encryptionKey: t.deps.config.encryptionKey,
      systemPrompt: "Be brief.",
    });
    await setDataSources(configStateId, [library.dataSourceId, agentFile]);
    const ownFile = await uploadAttachment(
      userToken,
      "Conversation",
      "budget.txt",
      "The Zephyr rollout budget is 40,000 euros.",
    );
    await waitOnline([agentFile, ownFile, ...library.fileIds]);

    fake.enqueue({ tokens: ["June [1], Priya [2], 40,000 [3]."] }, { tokens: ["Zephyr"] });
    const { frames } = await readStream(
      `${base}/api/internal/userConversations/byGptSystemId/${gptSystemId}`,
      userToken,
      {
        question: "Zephyr rollout: deadline, owner and budget?",
        attachmentIds: [ownFile],
      },
    );
    const system = (fake.requests.at(-2)!.body.messages as { role: string; content: string }[])[0]!.content;
    expect(system).toContain("agent-notes.txt\nThe Zephyr rollout deadline is the last Friday of June.");
    expect(system).toContain("owners.txt\nThe Zephyr rollout owner is Priya Raman from operations.");
    expect(system).toContain("budget.txt\nThe Zephyr rollout budget is 40,000 euros.");
    const citations = (frames.find((f) => f.event === "response-model")!.data as { citations: { title: string }[] })
      .citations;
    expect(citations.map((c) => c.title).sort()).toEqual(["agent-notes.txt", "budget.txt", "owners.txt"]);
  });

  it("lets a personal agent search only its creator's own agent files", async () => {
    const creator = await t.deps.database.db.query.users.findFirst({ where: (u, { eq }) => eq(u.userName, "creator") });
    const others = await uploadAttachment(adminToken, "GptSystem", "secret.txt", "The Quasar vault code is 5521.");
    const own = await uploadAttachment(creatorToken, "GptSystem", "mine.txt", "The Quasar launch is on Monday.");
    await waitOnline([others, own]);
    const { configStateId } = await createAgent(t.deps.database.db, {
      encryptionKey: t.deps.config.encryptionKey,
      ownerUserId: creator!.userId,
    });
    await t.deps.database.db
      .update(configStates)
      .set({ dataSources: [others, own], createdByUserId: creator!.userId })
      .where(eq(configStates.configStateId, configStateId));
    const passages = await retrievePassages(t.deps.database.db, {
      attachmentIds: [],
      dataSourceIds: [others, own],
      configStateId,
      question: "What about Quasar?",
    });
    expect(passages.map((p) => p.fileName)).toEqual(["mine.txt"]);
  });
});

describe("graph index", () => {
  it("extracts names, identifiers and acronyms deterministically", () => {
    expect(
      extractEntities(
        "The Orion Gateway talks to Cobalt Relay over ZX-81. Bank of England and NASA agree. In June nothing changed.",
      ),
    ).toEqual([
      { key: "orion gateway", name: "Orion Gateway" },
      { key: "cobalt relay", name: "Cobalt Relay" },
      { key: "zx-81", name: "ZX-81" },
      { key: "bank of england", name: "Bank of England" },
      { key: "nasa", name: "NASA" },
    ]);
  });

  it("widens a question naming A to the passage about B that only co-occurs with A elsewhere", async () => {
    const pages = [
      ["Orion Gateway forwards every request to Cobalt Relay."],
      ["During the audit, Orion Gateway and Cobalt Relay were inspected together."],
      ["Cobalt Relay is maintained by the night shift; its failover switch sits in rack 12."],
      ["Unrelated: the cafeteria opens at eight."],
    ];
    const library = await createLibrary("Network library", [{ name: "network.pdf", content: makePdf(pages) }]);
    await waitOnline(library.fileIds);
    const [job] = await t.deps.database.db
      .select()
      .from(indexingJobs)
      .where(eq(indexingJobs.attachmentId, library.fileIds[0]!));
    expect(job).toMatchObject({ graphStatus: "Online", entityCount: 2 });

    const ask = () =>
      retrievePassages(t.deps.database.db, {
        attachmentIds: [],
        dataSourceIds: [library.dataSourceId],
        question: "Tell me everything about Orion Gateway",
      });
    const widened = await ask();
    const about = widened.find((p) => p.page === 3);
    expect(about?.content).toBe("Cobalt Relay is maintained by the night shift; its failover switch sits in rack 12.");
    expect(about!.content).not.toContain("Orion");
    // The passages naming the entity itself still come first.
    expect(
      widened
        .slice(0, 2)
        .map((p) => p.page)
        .sort(),
    ).toEqual([1, 2]);

    // Without the graph the question finds nothing of page 3.
    await t.deps.database.db
      .delete(entityCooccurrences)
      .where(inArray(entityCooccurrences.attachmentId, library.fileIds));
    await t.deps.database.db.delete(fileEntities).where(inArray(fileEntities.attachmentId, library.fileIds));
    expect((await ask()).map((p) => p.page)).toEqual([1, 2]);
  });

  it("shows each library file's text and graph index status to the administrator", async () => {
    const library = await createLibrary("Status library", [
      { name: "a.txt", content: Buffer.from("Kestrel Harbour ships to Marlow Ridge.") },
    ]);
    await waitOnline(library.fileIds);
    const list = async (query = "") =>
      (
        await t.app.inject({
          method: "GET",
          url: `/api/internal/admin/dataSources/${library.dataSourceId}/files${query}`,
          headers: auth(adminToken),
        })
      ).json();
    expect((await list())[0]).toMatchObject({
      fileName: "a.txt",
      status: "Online",
      textIndexStatus: "Online",
      graphIndexStatus: "Online",
      graphErrorText: null,
      entityCount: 2,
      chunkCount: 1,
    });
    // Built by an older indexer: both indexes are OutOfDate until it runs again.
    await t.deps.database.db
      .update(indexingJobs)
      .set({ indexVersion: 0 })
      .where(eq(indexingJobs.attachmentId, library.fileIds[0]!));
    expect(
      (await list("?status=OutOfDate")).map((f: { textIndexStatus: string; graphIndexStatus: string }) => [
        f.textIndexStatus,
        f.graphIndexStatus,
      ]),
    ).toEqual([["OutOfDate", "OutOfDate"]]);
    expect(await list("?status=Online")).toEqual([]);
  });
});

describe("admin stream", () => {
  it("creates a file library with its default endpoints, streaming each step", async () => {
    const { frames } = await readStream(`${base}/api/internal/admin/dataSources/withDefaultEndpoints`, adminToken, {
      name: " Streamed ",
      description: "Made by the stream",
    });
    expect(frames.map((f) => [f.event, f.data]).slice(0, 4)).toEqual([
      ["step-update", "Creating the file library"],
      ["step-update", "Checking the full-text index"],
      ["step-update", "Checking the graph index"],
      ["step-update", "The file library is ready"],
    ]);
    const model = frames[4]!;
    expect(model.event).toBe("response-model");
    expect(model.data).toMatchObject({
      dataSource: { name: "Streamed", description: "Made by the stream", status: "Online", fileCount: 0 },
      endpoints: [
        { endpointType: "TextIndex", status: "Online" },
        { endpointType: "GraphIndex", status: "Online" },
      ],
      errors: [],
    });
    expect(frames.at(-1)!.event).toBe("no-more-data");
    const { dataSourceId } = (model.data as { dataSource: { dataSourceId: string } }).dataSource;
    const got = await t.app.inject({
      method: "GET",
      url: `/api/internal/admin/dataSources/${dataSourceId}`,
      headers: auth(adminToken),
    });
    expect(got.json().name).toBe("Streamed");
  });

  it("refuses a nameless library before streaming", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/internal/admin/dataSources/withDefaultEndpoints",
      headers: auth(adminToken),
      payload: { name: "  " },
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers["content-type"]).toContain("application/problem+json");
  });
});
