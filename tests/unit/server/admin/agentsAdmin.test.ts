/** Admin API, agents family: CRUD, lists, configuration states, publishing, prompts, avatar, audit. */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connections } from "../../../../src/server/db/chatSchema";
import { buildTestApp, TEST_ADMIN, type TestApp } from "../../../helpers/buildTestApp";
import { createSecretBox } from "../../../../src/server/security/secretBox";
import { createAgent, listen, readStream } from "../../../helpers/chatFixtures";
import { startFakeModelServer, type FakeModelServer } from "../../../fakes/fakeModelServer";
import { adminApi, auditOf, GIF_1PX, listQuery, PNG_1PX, SVG } from "./adminTestKit";

let t: TestApp;
let fake: FakeModelServer;
let adminToken: string;
let readerToken: string;
let api: ReturnType<typeof adminApi>;
const missing = "00000000-0000-4000-8000-000000000000";

beforeAll(async () => {
  t = await buildTestApp();
  fake = await startFakeModelServer();
  adminToken = await t.tokenFor(TEST_ADMIN.userName);
  readerToken = await t.tokenFor(await t.createUser({ userName: "agents-reader", actions: ["GptSystemsRead"] }));
  api = adminApi(t, () => adminToken);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

describe("agents", () => {
  it("creates a Draft System agent with a first configuration, and audits it", async () => {
    const created = await api("POST", "/gptSystems", { name: "  Helpdesk  ", description: "IT questions" });
    expect(created.statusCode).toBe(201);
    const agent = created.json();
    expect(agent).toEqual({
      gptSystemId: expect.any(String),
      name: "Helpdesk",
      description: "IT questions",
      gptSystemType: "System",
      status: "Draft",
      isPublic: false,
      publicChatEndpoint: null,
      moderationStatus: null,
      ownerUserId: null,
      ownerDisplayName: null,
      publishedConfigStateId: null,
      hasAvatar: false,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const states = await api("GET", `/gptSystems/${agent.gptSystemId}/configStates`);
    expect(states.headers["content-range"]).toBe("configStates 0-0/1");
    expect(states.json()).toEqual([
      expect.objectContaining({
        version: 1,
        isPublished: false,
        languageEngine: "local",
        deploymentName: "local",
        gptSystemName: "Helpdesk",
      }),
    ]);
    const [entry] = await auditOf(t, agent.gptSystemId);
    expect(entry).toMatchObject({
      entityType: "GptSystem",
      operation: "Create",
      actorDisplayName: "Administrator",
      before: null,
      after: expect.objectContaining({ name: "Helpdesk" }),
    });
    expect(entry!.actorUserId).toEqual(expect.any(String));
  });

  it("refuses invalid agents field by field", async () => {
    const cases: [object, Record<string, string[]>][] = [
      [{ name: "   " }, { name: ["is required"] }],
      [{ name: "x".repeat(151) }, { name: ["must be at most 150 characters"] }],
      [{ name: "A", publicChatEndpoint: "Not A Slug" }, { publicChatEndpoint: ["has an invalid format"] }],
      [{ name: "A", isPublic: true }, { publicChatEndpoint: ["is required when the agent is public"] }],
      [{ name: "A", status: "Gone" }, { status: ["must be one of: Active, Inactive, Deleted, Draft"] }],
      [{ description: "no name" }, { name: ["is required"] }],
      [{ name: "A", color: "red" }, { color: ["is not allowed"] }],
    ];
    for (const [body, errors] of cases) {
      const response = await api("POST", "/gptSystems", body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().errors).toEqual(errors);
    }
    expect(
      (await api("POST", "/gptSystems", { name: "Public one", isPublic: true, publicChatEndpoint: "public-one" }))
        .statusCode,
    ).toBe(201);
    const duplicate = await api("POST", "/gptSystems", { name: "Public two", publicChatEndpoint: "public-one" });
    expect(duplicate.json()).toMatchObject({
      status: 400,
      errors: { publicChatEndpoint: ["is already used by another agent"] },
    });
  });

  it("lists with sort, range, filter and Content-Range", async () => {
    for (const name of ["zeta-list", "alpha-list", "mid-list"])
      await api("POST", "/gptSystems", { name, description: "listing" });
    const page = await api(
      "GET",
      `/gptSystems${listQuery({ sort: ["name", "DESC"], range: [0, 1], filter: { q: "LISTING" } })}`,
    );
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-range"]).toBe("gptSystems 0-1/3");
    expect(page.json().map((a: { name: string }) => a.name)).toEqual(["zeta-list", "mid-list"]);
    const second = await api(
      "GET",
      `/gptSystems${listQuery({ sort: ["name", "DESC"], range: [2, 3], filter: { q: "listing" } })}`,
    );
    expect(second.headers["content-range"]).toBe("gptSystems 2-2/3");
    expect(second.json().map((a: { name: string }) => a.name)).toEqual(["alpha-list"]);
    const none = await api("GET", `/gptSystems${listQuery({ filter: { q: "listing", status: "Active" } })}`);
    expect(none.headers["content-range"]).toBe("gptSystems */0");
    expect(none.json()).toEqual([]);
    const ids = page.json().map((a: { gptSystemId: string }) => a.gptSystemId);
    const many = await api("GET", `/gptSystems${listQuery({ filter: { id: ids } })}`);
    expect(
      many
        .json()
        .map((a: { gptSystemId: string }) => a.gptSystemId)
        .sort(),
    ).toEqual([...ids].sort());

    const bad = await api(
      "GET",
      `/gptSystems?sort=${encodeURIComponent('["secret","ASC"]')}&range=${encodeURIComponent("[5,1]")}&filter=${encodeURIComponent('{"owner":"x","status":"Lost"}')}`,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({
      sort: ["must sort by one of: name, status, gptSystemType, isPublic, createdAt, updatedAt"],
      range: ["must be [first, last] with 0 <= first <= last"],
      "filter.owner": ["is not a filter of this collection"],
    });
    expect((await api("GET", "/gptSystems?filter=%7Bnot-json")).json().errors).toEqual({
      filter: ["is not valid JSON"],
    });
    expect((await api("GET", `/gptSystems${listQuery({ filter: { status: "Lost" } })}`)).json().errors).toEqual({
      "filter.status": ["must be one of: Active, Inactive, Deleted, Draft"],
    });
  });

  it("reads, updates (ignoring readOnly fields), soft-deletes and 404s", async () => {
    const agent = (await api("POST", "/gptSystems", { name: "Editable" })).json();
    expect((await api("GET", `/gptSystems/${agent.gptSystemId}`)).json()).toEqual(agent);
    expect((await api("GET", `/gptSystems/${missing}`)).statusCode).toBe(404);
    expect((await api("PUT", `/gptSystems/${missing}`, { name: "X" })).statusCode).toBe(404);

    const updated = await api("PUT", `/gptSystems/${agent.gptSystemId}`, {
      ...agent,
      name: "Edited",
      gptSystemId: missing,
      hasAvatar: true,
      moderationStatus: "Banned",
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      gptSystemId: agent.gptSystemId,
      name: "Edited",
      hasAvatar: false,
      moderationStatus: "Banned",
    });
    const active = await api("PUT", `/gptSystems/${agent.gptSystemId}`, { name: "Edited", status: "Active" });
    expect(active.json()).toMatchObject({
      status: 400,
      errors: { status: ["cannot be Active before a configuration is published"] },
    });

    const deleted = await api("DELETE", `/gptSystems/${agent.gptSystemId}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toMatchObject({ gptSystemId: agent.gptSystemId, status: "Deleted" });
    expect((await api("GET", `/gptSystems/${agent.gptSystemId}`)).json().status).toBe("Deleted");
    const entries = await auditOf(t, agent.gptSystemId);
    expect(entries.map((e) => e.operation)).toEqual(["Delete", "Update", "Create"]);
    expect(entries[0]).toMatchObject({
      before: expect.objectContaining({ status: "Draft" }),
      after: expect.objectContaining({ status: "Deleted" }),
    });
    expect((await api("DELETE", `/gptSystems/${missing}`)).statusCode).toBe(404);
  });

  it("lets readers read but not write", async () => {
    expect((await api("GET", "/gptSystems", undefined, readerToken)).statusCode).toBe(200);
    const refused = await api("POST", "/gptSystems", { name: "Nope" }, readerToken);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe("This operation requires one of these actions: GptSystemsCreate.");
  });
});

describe("configuration states and publishing", () => {
  it("edits drafts, refuses the published one and bad values, and publishing switches what answers", async () => {
    const { gptSystemId, configStateId: published } = await createAgent(t.deps.database.db, {
      name: "Switching",
      openaiBaseUrl: fake.openaiBaseUrl,
      encryptionKey: t.deps.config.encryptionKey,
      systemPrompt: "You are version one.",
    });
    const locked = await api("PUT", `/configStates/${published}`, { systemPrompt: "Changed live" });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().detail).toBe(
      "The published configuration cannot be edited: create a draft from it, edit the draft and publish it.",
    );

    const draftResponse = await api("POST", `/gptSystems/${gptSystemId}/configStates`);
    expect(draftResponse.statusCode).toBe(201);
    const draft = draftResponse.json();
    expect(draft).toMatchObject({
      version: 2,
      isPublished: false,
      systemPrompt: "You are version one.",
      deploymentName: "fake-model",
    });

    const invalid: [object, Record<string, string[]>][] = [
      [
        { temperature: 3, topP: -0.1, frequencyPenalty: 2.5 },
        { temperature: ["must be at most 2"], topP: ["must be at least 0"], frequencyPenalty: ["must be at most 2"] },
      ],
      [
        { capabilityTypes: ["Telepathy"] },
        { "capabilityTypes.0": ["must be one of: CodeInterpreter, FileSearch, Vision"] },
      ],
      [{ languageEngine: missing }, { languageEngine: ["is not a connection"] }],
      [{ deploymentName: "gpt-unknown" }, { deploymentName: ["is not a deployment of this connection"] }],
      [{ languageEngine: "local" }, { deploymentName: ["must be local with the local engine"] }],
    ];
    for (const [body, errors] of invalid) {
      const response = await api("PUT", `/configStates/${draft.configStateId}`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().errors).toEqual(errors);
    }
    const edited = await api("PUT", `/configStates/${draft.configStateId}`, {
      ...draft,
      systemPrompt: "You are version two.",
      temperature: 0.2,
      capabilityTypes: ["Vision"],
      version: 99,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      systemPrompt: "You are version two.",
      temperature: 0.2,
      capabilityTypes: ["Vision"],
      version: 2,
    });
    expect((await auditOf(t, draft.configStateId)).map((e) => e.operation)).toEqual(["Update", "Create"]);

    const notMine = await api("POST", `/gptSystems/${gptSystemId}/publish`, { configStateId: missing });
    expect(notMine.json()).toMatchObject({
      status: 400,
      errors: { configStateId: ["is not a configuration of this agent"] },
    });
    const publishedNow = await api("POST", `/gptSystems/${gptSystemId}/publish`, {
      configStateId: draft.configStateId,
    });
    expect(publishedNow.statusCode).toBe(200);
    expect(publishedNow.json()).toMatchObject({ publishedConfigStateId: draft.configStateId, status: "Active" });
    expect((await auditOf(t, gptSystemId))[0]).toMatchObject({
      operation: "Publish",
      before: expect.objectContaining({ publishedConfigStateId: published }),
    });

    fake.enqueue({ tokens: ["Two"] });
    await t.app.inject({
      method: "POST",
      url: `/api/internal/userConversations/byGptSystemId/${gptSystemId}`,
      headers: { authorization: `Bearer ${adminToken}` },
      payload: { question: "Who?" },
    });
    // The answer's request (a title request may follow it) carries the published configuration's prompt.
    const systemPrompts = fake.requests.map(
      (r) => (r.body.messages as { role: string; content: string }[])[0]!.content,
    );
    expect(systemPrompts).toContain("You are version two.");
    expect(systemPrompts).not.toContain("You are version one.");
    expect((await api("GET", `/configStates/${published}`)).json().isPublished).toBe(false);
    expect((await api("GET", `/configStates/${missing}`)).statusCode).toBe(404);
  });

  it("publishing activates a Draft agent so the chat offers it", async () => {
    const agent = (await api("POST", "/gptSystems", { name: "Fresh draft" })).json();
    const chatIds = async () =>
      (
        (
          await t.app.inject({
            url: "/api/internal/CurrentUser/AvailableGptSystems",
            headers: { authorization: `Bearer ${adminToken}` },
          })
        ).json() as { gptSystemId: string }[]
      ).map((a) => a.gptSystemId);
    expect(await chatIds()).not.toContain(agent.gptSystemId);
    const [state] = (await api("GET", `/gptSystems/${agent.gptSystemId}/configStates`)).json();
    expect(
      (await api("POST", `/gptSystems/${agent.gptSystemId}/publish`, { configStateId: state.configStateId })).json()
        .status,
    ).toBe("Active");
    expect(await chatIds()).toContain(agent.gptSystemId);
  });

  it("offers the local engine and every connection's deployments", async () => {
    const response = await api("GET", "/availableDeployments");
    expect(response.json()[0]).toEqual({
      languageEngine: "local",
      connectionName: "Built-in",
      deploymentName: "local",
      displayName: "Local engine (no language model)",
      supportsVision: false,
    });
    expect(response.json()).toContainEqual(
      expect.objectContaining({ connectionName: "Fake", deploymentName: "fake-model" }),
    );
  });
});

describe("agent prompts and avatar", () => {
  it("adds, lists, changes and removes prompts", async () => {
    const agent = (await api("POST", "/gptSystems", { name: "Prompted" })).json();
    const base = `/gptSystems/${agent.gptSystemId}/prompts`;
    const first = await api("POST", base, { title: "Second", prompt: "B", position: 2 });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ promptId: expect.any(String), title: "Second", prompt: "B", position: 2 });
    await api("POST", base, { title: "First", prompt: "A", position: 1 });
    expect((await api("POST", base, { title: " ", prompt: "A" })).json().errors).toEqual({ title: ["is required"] });
    const list = await api("GET", base);
    expect(list.headers["content-range"]).toBe("prompts 0-1/2");
    expect(list.json().map((p: { title: string }) => p.title)).toEqual(["First", "Second"]);
    const changed = await api("PUT", `${base}/${first.json().promptId}`, { title: "Zero", prompt: "Z", position: 0 });
    expect(changed.json()).toEqual({ promptId: first.json().promptId, title: "Zero", prompt: "Z", position: 0 });
    const chat = await t.app.inject({
      url: `/api/internal/userConversations/gptSystems/${agent.gptSystemId}/promptsForConversation`,
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(chat.statusCode).toBe(404); // a Draft agent is not in the chat yet
    expect((await api("DELETE", `${base}/${first.json().promptId}`)).json().title).toBe("Zero");
    expect((await api("DELETE", `${base}/${first.json().promptId}`)).statusCode).toBe(404);
    expect((await auditOf(t, first.json().promptId)).map((e) => e.operation)).toEqual(["Delete", "Update", "Create"]);
  });

  it("takes PNG/JPEG/WebP/GIF avatars by their bytes, refuses SVG, mismatches and large files", async () => {
    const { gptSystemId } = await createAgent(t.deps.database.db, {
      name: "Pictured",
      encryptionKey: t.deps.config.encryptionKey,
    });
    const url = `/gptSystems/${gptSystemId}/avatar`;
    const refusals: [object, Record<string, string[]>][] = [
      [{ base64: SVG, mimeType: "image/png" }, { base64: ["is not a PNG, JPEG, WebP or GIF image"] }],
      [{ base64: GIF_1PX, mimeType: "image/png" }, { mimeType: ["does not match the image, which is image/gif"] }],
      [{ base64: "not base64!", mimeType: "image/png" }, { base64: ["is not valid base64"] }],
      [
        { base64: Buffer.alloc(1024 * 1024 + 1, 0x89).toString("base64"), mimeType: "image/png" },
        { base64: ["must be at most 1 MiB once decoded"] },
      ],
      [
        { base64: SVG, mimeType: "image/svg+xml" },
        { mimeType: ["must be one of: image/png, image/jpeg, image/webp, image/gif"] },
      ],
    ];
    for (const [body, errors] of refusals) {
      const response = await api("POST", url, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual(errors);
    }
    const uploaded = await api("POST", url, { base64: `data:image/png;base64,${PNG_1PX}`, mimeType: "image/png" });
    expect(uploaded.statusCode).toBe(200);
    expect(uploaded.json().hasAvatar).toBe(true);
    const served = await t.app.inject({
      url: `/api/internal/gptSystems/common/management/${gptSystemId}/avatar`,
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(served.headers["content-type"]).toBe("image/png");
    expect(served.rawPayload.equals(Buffer.from(PNG_1PX, "base64"))).toBe(true);
    const [entry] = await auditOf(t, gptSystemId);
    expect(entry).toMatchObject({
      operation: "Update",
      before: expect.objectContaining({ hasAvatar: false }),
      after: expect.objectContaining({ hasAvatar: true }),
    });
    expect((await api("DELETE", url)).json().hasAvatar).toBe(false);
    expect(
      (await api("POST", `/gptSystems/${missing}/avatar`, { base64: PNG_1PX, mimeType: "image/png" })).statusCode,
    ).toBe(404);
  });
});

describe("connections", () => {
  const KEY = "sk-live-very-secret-key-1234";

  it("stores the key encrypted, answers it only masked, keeps it on updates without one and audits it redacted", async () => {
    const created = await api("POST", "/Connections", { name: "OpenAI prod", providerType: "openai", apiKey: KEY });
    expect(created.statusCode).toBe(201);
    const connection = created.json();
    expect(connection).toEqual({
      connectionId: expect.any(String),
      name: "OpenAI prod",
      providerType: "openai",
      baseUrl: "",
      apiVersion: "",
      apiKeyMasked: "sk-…1234",
      deploymentCount: 0,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const listed = await api("GET", `/Connections${listQuery({ filter: { q: "prod" } })}`);
    expect(listed.headers["content-range"]).toBe("Connections 0-0/1");
    const updated = await api("PUT", `/Connections/${connection.connectionId}`, { ...connection, name: "OpenAI main" });
    expect(updated.json()).toMatchObject({ name: "OpenAI main", apiKeyMasked: "sk-…1234" });
    for (const response of [created, listed, updated, await api("GET", `/Connections/${connection.connectionId}`)])
      expect(response.body).not.toContain(KEY);

    const [row] = await t.deps.database.db
      .select()
      .from(connections)
      .where(eq(connections.connectionId, connection.connectionId));
    expect(row!.encryptedApiKey).not.toContain(KEY);
    const entries = await auditOf(t, connection.connectionId);
    expect(JSON.stringify(entries)).not.toContain(KEY);
    expect(entries.map((e) => [e.operation, (e.after as { apiKey?: string }).apiKey])).toEqual([
      ["Update", undefined],
      ["Create", "[redacted]"],
    ]);

    const redirected = await api("PUT", `/Connections/${connection.connectionId}`, {
      ...connection,
      baseUrl: "https://attacker.example/v1",
    });
    expect(redirected.json().errors).toEqual({ apiKey: ["must be entered again when the provider or base URL changes"] });
    const cleared = await api("PUT", `/Connections/${connection.connectionId}`, {
      name: "OpenAI main",
      providerType: "openai",
      apiKey: "",
    });
    expect(cleared.json().apiKeyMasked).toBe("");
  });

  it("refuses invalid connections", async () => {
    const cases: [object, Record<string, string[]>][] = [
      [
        { name: "Azure", providerType: "azureOpenAI" },
        { baseUrl: ["is required for Azure OpenAI (the resource endpoint)"] },
      ],
      [
        { name: "Local", providerType: "openaiCompatible", baseUrl: "ftp://x" },
        { baseUrl: ["must be an http or https URL"] },
      ],
      [
        { name: "Proxy", providerType: "openaiCompatible", baseUrl: "https://user:secret@proxy.example/v1" },
        { baseUrl: ["must not contain a user name or password: enter the key in its own field"] },
      ],
      [
        { name: "X", providerType: "gemini" },
        { providerType: ["must be one of: openai, azureOpenAI, openaiCompatible, anthropic"] },
      ],
      [{ name: "X", providerType: "openai", apiKeyMasked: "sk-…", connectionId: missing }, {}],
    ];
    for (const [body, errors] of cases) {
      const response = await api("POST", "/Connections", body);
      if (Object.keys(errors).length === 0) expect(response.statusCode).toBe(201);
      else expect(response.json().errors).toEqual(errors);
    }
  });

  it("refuses a connection's name that another connection has, in any case", async () => {
    const first = (await api("POST", "/Connections", { name: "Shared name", providerType: "openai" })).json();
    const clash = await api("POST", "/Connections", { name: "  shared NAME ", providerType: "anthropic" });
    expect(clash.statusCode).toBe(400);
    expect(clash.json().errors).toEqual({ name: ["is already the name of another connection"] });
    // Its own name is no clash; another's taking it is.
    expect((await api("PUT", `/Connections/${first.connectionId}`, { name: "Shared name", providerType: "openai" })).statusCode).toBe(200);
    const other = (await api("POST", "/Connections", { name: "Other name", providerType: "openai" })).json();
    const renamed = await api("PUT", `/Connections/${other.connectionId}`, { name: "Shared Name", providerType: "openai" });
    expect(renamed.json().errors).toEqual({ name: ["is already the name of another connection"] });
  });

  it("refuses to remove the instance's embedding deployment, or its connection, until another is chosen", async () => {
    const connection = (await api("POST", "/Connections", { name: "Embedder", providerType: "openaiCompatible", baseUrl: fake.openaiBaseUrl })).json();
    const base = `/Connections/${connection.connectionId}`;
    const embedding = (await api("POST", `${base}/deployments`, { deploymentName: "embed-model" })).json();
    const other = (await api("POST", `${base}/deployments`, { deploymentName: "other-model" })).json();
    expect((await api("PUT", "/instanceSettings/apiKeys", { embeddingDeploymentId: embedding.deploymentId })).statusCode).toBe(200);

    expect((await api("DELETE", `${base}/deployments/${embedding.deploymentId}`)).json()).toMatchObject({
      status: 409,
      detail: "The deployment embed-model is the instance's embedding deployment (Instance settings › API keys). Choose another one there first.",
    });
    expect((await api("DELETE", base)).json()).toMatchObject({
      status: 409,
      detail: "The connection's deployment embed-model is the instance's embedding deployment (Instance settings › API keys). Choose another one there first.",
    });
    // Its other deployments go as before.
    expect((await api("DELETE", `${base}/deployments/${other.deploymentId}`)).statusCode).toBe(200);

    expect((await api("PUT", "/instanceSettings/apiKeys", { embeddingDeploymentId: null })).statusCode).toBe(200);
    expect((await api("DELETE", base)).statusCode).toBe(200);
  });

  it("says that a key stored under another ENCRYPTION_KEY cannot be read, in the connection's test and in the chat", async () => {
    const connection = (await api("POST", "/Connections", { name: "Restored", providerType: "openai", baseUrl: fake.openaiBaseUrl, apiKey: "sk-restored-0123" })).json();
    await api("POST", `/Connections/${connection.connectionId}/deployments`, { deploymentName: "fake-model" });
    const foreignSeal = createSecretBox(Buffer.alloc(32, 9).toString("base64")).encrypt("sk-restored-0123");
    await t.deps.database.db.update(connections).set({ encryptedApiKey: foreignSeal }).where(eq(connections.connectionId, connection.connectionId));
    const unreadable = "The connection's key cannot be read: it was stored under another ENCRYPTION_KEY. An administrator must enter the key again.";
    expect((await api("POST", `/Connections/${connection.connectionId}/test`, {})).json()).toMatchObject({ ok: false, message: unreadable });

    const agent = (await api("POST", "/gptSystems", { name: "Restored agent" })).json();
    const [state] = (await api("GET", `/gptSystems/${agent.gptSystemId}/configStates`)).json();
    await api("PUT", `/configStates/${state.configStateId}`, { languageEngine: connection.connectionId, deploymentName: "fake-model" });
    await api("POST", `/gptSystems/${agent.gptSystemId}/publish`, { configStateId: state.configStateId });
    await api("PUT", `/gptSystems/${agent.gptSystemId}`, { status: "Active" });
    const { frames } = await readStream(`${await listen(t.app)}/api/internal/userConversations/byGptSystemId/${agent.gptSystemId}`, adminToken, { question: "Still there?" });
    expect(frames.find((frame) => frame.event === "response-model")!.data).toMatchObject({ status: "Failed", errorText: unreadable });
  });

  it("manages deployments, refuses changes to ones in use, and tests the connection for real", async () => {
    const connection = (
      await api("POST", "/Connections", {
        name: "Fake server",
        providerType: "openaiCompatible",
        baseUrl: fake.openaiBaseUrl,
      })
    ).json();
    const base = `/Connections/${connection.connectionId}`;
    expect((await api("POST", `${base}/test`)).json()).toEqual({
      ok: false,
      latencyMs: 0,
      message: "The connection has no deployment to ask: add one first.",
    });
    const created = await api("POST", `${base}/deployments`, { deploymentName: "fake-model" });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({
      deploymentId: expect.any(String),
      connectionId: connection.connectionId,
      deploymentName: "fake-model",
      displayName: "fake-model",
      supportsVision: false,
    });
    expect((await api("POST", `${base}/deployments`, { deploymentName: "fake-model" })).json().errors).toEqual({
      deploymentName: ["already exists on this connection"],
    });
    const list = await api("GET", `${base}/deployments`);
    expect(list.headers["content-range"]).toBe("deployments 0-0/1");

    fake.enqueue({ tokens: ["OK"] });
    const tested = (await api("POST", `${base}/test`, {})).json();
    expect(tested).toMatchObject({ ok: true, message: expect.stringMatching(/^fake-model answered in \d+ ms\.$/) });
    expect(fake.requests.at(-1)!.body).toMatchObject({ model: "fake-model", max_tokens: 1 });
    fake.enqueue({ fail: { status: 401, message: "bad key" } });
    expect((await api("POST", `${base}/test`, { deploymentName: "fake-model" })).json()).toMatchObject({
      ok: false,
      message: "The model server rejected the credentials (401). An administrator must check the connection's key.",
    });
    expect((await api("POST", `${base}/test`, { deploymentName: "other" })).json().errors).toEqual({
      deploymentName: ["is not a deployment of this connection"],
    });

    const agent = (await api("POST", "/gptSystems", { name: "Uses fake" })).json();
    const [state] = (await api("GET", `/gptSystems/${agent.gptSystemId}/configStates`)).json();
    await api("PUT", `/configStates/${state.configStateId}`, {
      languageEngine: connection.connectionId,
      deploymentName: "fake-model",
    });
    await api("POST", `/gptSystems/${agent.gptSystemId}/publish`, { configStateId: state.configStateId });
    const deploymentUrl = `${base}/deployments/${created.json().deploymentId}`;
    expect((await api("DELETE", deploymentUrl)).json()).toMatchObject({
      status: 409,
      detail: "The deployment cannot be removed: the configuration of Uses fake (published or draft) uses it.",
    });
    expect((await api("PUT", deploymentUrl, { deploymentName: "renamed" })).statusCode).toBe(409);
    expect(
      (
        await api("PUT", deploymentUrl, { deploymentName: "fake-model", displayName: "Fake", supportsVision: true })
      ).json(),
    ).toMatchObject({ displayName: "Fake", supportsVision: true });
    expect((await api("DELETE", base)).json().detail).toBe(
      "The connection is used by the configuration (published or draft) of: Uses fake. Choose another engine for them first.",
    );

    // A draft newer than the published configuration holds a connection too; an older version does not.
    const other = (await api("POST", "/Connections", { name: "Draft's server", providerType: "openaiCompatible", baseUrl: fake.openaiBaseUrl })).json();
    await api("POST", `/Connections/${other.connectionId}/deployments`, { deploymentName: "draft-model" });
    const draft = (await api("POST", `/gptSystems/${agent.gptSystemId}/configStates`)).json();
    await api("PUT", `/configStates/${draft.configStateId}`, { languageEngine: other.connectionId, deploymentName: "draft-model" });
    expect((await api("DELETE", `/Connections/${other.connectionId}`)).json()).toMatchObject({
      status: 409,
      detail: "The connection is used by the configuration (published or draft) of: Uses fake. Choose another engine for them first.",
    });
    await api("PUT", `/configStates/${draft.configStateId}`, { languageEngine: "local", deploymentName: "local" });
    await api("POST", `/gptSystems/${agent.gptSystemId}/publish`, { configStateId: draft.configStateId });
    expect((await api("DELETE", `/Connections/${other.connectionId}`)).statusCode).toBe(200);
    // The first version, no longer published and older than the published one, holds nothing.
    expect((await api("DELETE", deploymentUrl)).statusCode).toBe(200);

    await api("DELETE", `/gptSystems/${agent.gptSystemId}`);
    expect((await api("DELETE", base)).json()).toMatchObject({
      connectionId: connection.connectionId,
      deploymentCount: 0,
    });
    expect((await api("GET", base)).statusCode).toBe(404);
    expect((await auditOf(t, created.json().deploymentId)).map((e) => e.operation)).toEqual([
      "Delete",
      "Update",
      "Create",
    ]);
  });
});
