/**
 * Discarding a draft (DELETE /configStates/{configStateId}): a published agent keeps answering with its
 * published configuration; an agent never published goes with its only draft.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../../../helpers/buildTestApp";
import { listen, readStream } from "../../../helpers/chatFixtures";
import { apiFor, createPublishedPersonalAgent } from "./personalAgentsKit";

let t: TestApp;
let base: string;
let api: ReturnType<typeof apiFor>;
let owner: string;
let other: string;

beforeAll(async () => {
  t = await buildTestApp();
  base = await listen(t.app);
  api = apiFor(t);
  const suffix = Date.now();
  owner = await t.tokenFor(await t.createUser({ userName: `drafts-owner-${suffix}`, roles: ["user"] }));
  other = await t.tokenFor(await t.createUser({ userName: `drafts-other-${suffix}`, roles: ["user"] }));
});
afterAll(() => t.close());

const draftIds = async () =>
  ((await api("GET", "/gptSystems/directory/Personal/ConfigStates", owner)).json() as { configStateId: string }[]).map(
    (d) => d.configStateId,
  );
const mine = async () =>
  ((await api("GET", "/gptSystems/directory/Personal/Mine", owner)).json() as { gptSystemId: string }[]).map(
    (a) => a.gptSystemId,
  );

async function draftOf(gptSystemId: string): Promise<string> {
  const draft = await api("POST", `/configStates/fromGptSystem/${gptSystemId}`, owner);
  expect(draft.statusCode).toBe(201);
  return draft.json().configuration.configStateId as string;
}

describe("discarding a draft", () => {
  it("of a published agent removes the draft with its test conversations; the published configuration stays", async () => {
    const { configStateId: publishedId, gptSystemId } = await createPublishedPersonalAgent(t, owner, "Keeper");
    const draftId = await draftOf(gptSystemId);
    const test = await readStream(`${base}/api/internal/configStates/${draftId}/conversations`, owner, { question: "hi" });
    expect(test.status).toBe(200);
    const { conversationId } = test.frames[0]!.data as { conversationId: string };
    expect(await draftIds()).toContain(draftId);

    expect((await api("DELETE", `/configStates/${draftId}`, owner)).statusCode).toBe(204);
    expect(await draftIds()).not.toContain(draftId);
    expect((await api("GET", `/configStates/${draftId}`, owner)).statusCode).toBe(404);
    expect((await api("GET", `/configStates/${draftId}/conversations/${conversationId}`, owner)).statusCode).toBe(404);
    expect(await mine()).toContain(gptSystemId);
    expect((await api("GET", `/configStates/${publishedId}`, owner)).json().configuration).toMatchObject({
      isPublished: true,
      gptSystemStatus: "Active",
    });
    // The next edit starts a new draft from the published configuration.
    const next = await api("POST", `/configStates/fromGptSystem/${gptSystemId}`, owner);
    expect(next.json().configuration).toMatchObject({ version: 2, isPublished: false });
  });

  it("of an agent never published deletes the agent", async () => {
    const created = await api("POST", "/configStates/personal", owner, { gptSystemName: "Never published" });
    const { configStateId, gptSystemId } = created.json().configuration as { configStateId: string; gptSystemId: string };
    expect(await draftIds()).toContain(configStateId);

    expect((await api("DELETE", `/configStates/${configStateId}`, owner)).statusCode).toBe(204);
    expect(await draftIds()).not.toContain(configStateId);
    expect((await api("POST", `/configStates/fromGptSystem/${gptSystemId}`, owner)).statusCode).toBe(404);
    expect((await api("DELETE", `/gptSystems/personal/${gptSystemId}`, owner)).statusCode).toBe(404);
  });

  it("refuses the published configuration and older ones with 409", async () => {
    const { configStateId: firstId, gptSystemId } = await createPublishedPersonalAgent(t, owner, "History");
    const published = await api("DELETE", `/configStates/${firstId}`, owner);
    expect(published.statusCode).toBe(409);
    expect(published.headers["content-type"]).toContain("application/problem+json");
    expect(published.json().detail).toBe("The published configuration cannot be discarded: delete the agent instead.");

    const secondId = await draftOf(gptSystemId);
    expect((await api("POST", `/configStates/${secondId}/publish`, owner)).statusCode).toBe(200);
    const older = await api("DELETE", `/configStates/${firstId}`, owner);
    expect(older.statusCode).toBe(409);
    expect(older.json().detail).toBe("Only a draft, newer than the published configuration, can be discarded.");
    expect((await api("GET", `/configStates/${firstId}`, owner)).statusCode).toBe(200);
  });

  it("answers 404 for another user's draft and leaves it", async () => {
    const { gptSystemId } = await createPublishedPersonalAgent(t, owner, "Not theirs");
    const draftId = await draftOf(gptSystemId);
    const response = await api("DELETE", `/configStates/${draftId}`, other);
    expect(response.statusCode).toBe(404);
    expect(response.headers["content-type"]).toContain("application/problem+json");
    expect(await draftIds()).toContain(draftId);
  });
});
