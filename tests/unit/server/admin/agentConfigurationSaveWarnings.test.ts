/** The warnings answered beside a saved agent configuration (spec §8): admin config states and personal drafts. */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { attachments, dataSources, indexingJobs } from "../../../../src/server/db/filesSchema";
import { users } from "../../../../src/server/db/schema";
import { buildTestApp, TEST_ADMIN, type TestApp } from "../../../helpers/buildTestApp";
import { createAgent } from "../../../helpers/chatFixtures";
import { startFakeModelServer, type FakeModelServer } from "../../../fakes/fakeModelServer";
import { apiFor, setPersonalAgentsFlag } from "../personalAgents/personalAgentsKit";
import { adminApi } from "./adminTestKit";

let t: TestApp;
let fake: FakeModelServer;
let api: ReturnType<typeof adminApi>;

const VISION_WARNING = {
  property: "capabilityTypes",
  message: "Vision is on, but the deployment Fake model does not accept images.",
};

beforeAll(async () => {
  t = await buildTestApp();
  fake = await startFakeModelServer();
  const adminToken = await t.tokenFor(TEST_ADMIN.userName);
  api = adminApi(t, () => adminToken);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

async function draftOfNewAgent(name: string) {
  const { gptSystemId } = await createAgent(t.deps.database.db, {
    name,
    openaiBaseUrl: fake.openaiBaseUrl,
    encryptionKey: t.deps.config.encryptionKey,
  });
  const created = await api("POST", `/gptSystems/${gptSystemId}/configStates`);
  expect(created.statusCode).toBe(201);
  return created.json() as { configStateId: string; warnings: unknown[] };
}

/** A file library whose only file is still being indexed. */
async function processingLibrary(name: string) {
  const db = t.deps.database.db;
  const [admin] = await db.select().from(users).where(eq(users.userName, TEST_ADMIN.userName));
  const [library] = await db.insert(dataSources).values({ name }).returning();
  const [file] = await db
    .insert(attachments)
    .values({
      ownerUserId: admin!.userId,
      originalFileName: "handbook.txt",
      type: "FileSearch",
      context: "DataSource",
      dataSourceId: library!.dataSourceId,
      mimeType: "text/plain",
      byteSize: 5,
      sha256: "0".repeat(64),
      blobKey: `test-${library!.dataSourceId}`,
    })
    .returning();
  await db.insert(indexingJobs).values({ attachmentId: file!.attachmentId, status: "Processing" });
  return library!.dataSourceId;
}

describe("agent configuration save warnings", () => {
  it("answers the Vision warning when a configuration turns Vision on for a deployment without images", async () => {
    const draft = await draftOfNewAgent("Blind but Vision");
    const saved = await api("PUT", `/configStates/${draft.configStateId}`, { capabilityTypes: ["Vision"] });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().warnings).toEqual([VISION_WARNING]);
  });

  it("answers no warning for a sound configuration, on create and on update", async () => {
    const draft = await draftOfNewAgent("Sound");
    expect(draft.warnings).toEqual([]);
    const saved = await api("PUT", `/configStates/${draft.configStateId}`, {
      capabilityTypes: ["FileSearch"],
      systemPrompt: "Be brief.",
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().warnings).toEqual([]);
  });

  it("warns about an attached data source that is not Online, and a draft copied from it warns again", async () => {
    const library = await processingLibrary("Handbook");
    const draft = await draftOfNewAgent("Reads the handbook");
    const saved = await api("PUT", `/configStates/${draft.configStateId}`, { dataSources: [library] });
    expect(saved.json().warnings).toEqual([
      {
        property: "dataSources",
        message: "The data source Handbook is Processing, not Online: the agent cannot search all of its files yet.",
      },
    ]);
    const { gptSystemId } = saved.json();
    const copy = await api("POST", `/gptSystems/${gptSystemId}/configStates`, {
      fromConfigStateId: draft.configStateId,
    });
    expect(copy.statusCode).toBe(201);
    expect(copy.json().warnings).toHaveLength(1);
  });

  it("keeps warnings out of the configuration read back", async () => {
    const draft = await draftOfNewAgent("Read back");
    await api("PUT", `/configStates/${draft.configStateId}`, { capabilityTypes: ["Vision"] });
    const read = await api("GET", `/configStates/${draft.configStateId}`);
    expect(read.json()).not.toHaveProperty("warnings");
  });
});

describe("personal agent draft update warnings", () => {
  it("answers the Vision warning for the built-in engine and none once Vision is off", async () => {
    await setPersonalAgentsFlag(t, true);
    const personal = apiFor(t);
    const owner = await t.tokenFor(await t.createUser({ userName: "warned-owner", roles: ["user"] }));
    const created = await personal("POST", "/configStates/personal", owner, { gptSystemName: "Sees nothing" });
    expect(created.statusCode).toBe(201);
    const { configStateId } = created.json().configuration;
    const vision = await personal("PUT", `/configStates/${configStateId}`, owner, { capabilityTypes: ["Vision"] });
    expect(vision.statusCode).toBe(200);
    expect(vision.json().warnings).toEqual([
      {
        property: "capabilityTypes",
        message: "Vision is on, but the deployment Local engine (no language model) does not accept images.",
      },
    ]);
    const plain = await personal("PUT", `/configStates/${configStateId}`, owner, { capabilityTypes: [] });
    expect(plain.json()).toMatchObject({ configuration: { capabilityTypes: [] }, warnings: [] });
  });
});
