/** Guidelines documents and templates (admin), consent once per document, and questions refused without it. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, TEST_ADMIN, type TestApp } from "../../helpers/buildTestApp";
import { createAgent } from "../../helpers/chatFixtures";
import { adminApi, auditOf, listQuery } from "./admin/adminTestKit";

let t: TestApp;
let adminToken: string;
let api: ReturnType<typeof adminApi>;
const missing = "00000000-0000-4000-8000-000000000000";

beforeAll(async () => {
  t = await buildTestApp();
  adminToken = await t.tokenFor(TEST_ADMIN.userName);
  api = adminApi(t, () => adminToken);
});
afterAll(() => t.close());

const asUser = (token: string, method: "GET" | "POST", url: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/api/internal${url}`,
    headers: { authorization: `Bearer ${token}` },
    ...(payload ? { payload } : {}),
  });

describe("guidelines templates and documents", () => {
  it("creates a template, starts a document from it, edits, lists and deletes, with audit entries", async () => {
    const template = await api("POST", "/guidelinesTemplates", {
      name: "Standard",
      description: "Company defaults",
      sections: [
        { title: "Second", body: "Two", order: 5 },
        { title: " First ", body: "**One**", order: 1 },
      ],
    });
    expect(template.statusCode).toBe(201);
    const { guidelinesTemplateId } = template.json();
    expect(template.json()).toEqual({
      guidelinesTemplateId: expect.any(String),
      name: "Standard",
      description: "Company defaults",
      sections: [
        { title: "First", body: "**One**", order: 0 },
        { title: "Second", body: "Two", order: 1 },
      ],
      sectionCount: 2,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });

    const created = await api("POST", "/guidelinesDocuments", { name: "Acceptable use", guidelinesTemplateId });
    expect(created.statusCode).toBe(201);
    const document = created.json();
    expect(document).toEqual({
      guidelinesDocumentId: expect.any(String),
      name: "Acceptable use",
      description: "Company defaults",
      isActive: true,
      requiresConsent: false,
      sections: template.json().sections,
      sectionCount: 2,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const id = document.guidelinesDocumentId as string;
    // A template is not a document, nor the other way round.
    expect((await api("GET", `/guidelinesDocuments/${guidelinesTemplateId}`)).statusCode).toBe(404);
    expect((await api("GET", `/guidelinesTemplates/${id}`)).statusCode).toBe(404);

    const changed = await api("PUT", `/guidelinesDocuments/${id}`, {
      name: "Acceptable use policy",
      sections: [{ title: "Only", body: "Be kind." }],
    });
    expect(changed.json()).toMatchObject({
      name: "Acceptable use policy",
      description: "Company defaults",
      sections: [{ title: "Only", body: "Be kind.", order: 0 }],
      sectionCount: 1,
    });

    const list = await api(
      "GET",
      `/guidelinesDocuments${listQuery({ sort: ["name", "ASC"], range: [0, 9], filter: { q: "acceptable" } })}`,
    );
    expect(list.headers["content-range"]).toBe("guidelinesDocuments 0-0/1");
    expect(list.json().map((d: { name: string }) => d.name)).toEqual(["Acceptable use policy"]);
    const templates = await api("GET", "/guidelinesTemplates");
    expect(templates.headers["content-range"]).toBe("guidelinesTemplates 0-0/1");

    const deleted = await api("DELETE", `/guidelinesDocuments/${id}`);
    expect(deleted.json().name).toBe("Acceptable use policy");
    expect((await api("GET", `/guidelinesDocuments/${id}`)).statusCode).toBe(404);
    const audit = await auditOf(t, id);
    expect(audit.map((a) => [a.entityType, a.operation])).toEqual([
      ["GuidelinesDocument", "Delete"],
      ["GuidelinesDocument", "Update"],
      ["GuidelinesDocument", "Create"],
    ]);
    expect((audit[1]!.before as { name: string }).name).toBe("Acceptable use");
    expect((await auditOf(t, guidelinesTemplateId)).map((a) => a.operation)).toEqual(["Create"]);
  });

  it("answers field errors and 404s", async () => {
    const invalid = await api("POST", "/guidelinesDocuments", {
      name: "  ",
      sections: [
        { title: "ok", body: "" },
        { title: " ", body: "x" },
      ],
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors).toEqual({ name: ["is required"], "sections.1.title": ["is required"] });
    const noTemplate = await api("POST", "/guidelinesDocuments", { name: "X", guidelinesTemplateId: missing });
    expect(noTemplate.json().errors).toEqual({ guidelinesTemplateId: ["names a template that does not exist"] });
    expect((await api("PUT", `/guidelinesTemplates/${missing}`, { name: "Y" })).statusCode).toBe(404);
    expect((await api("DELETE", `/guidelinesDocuments/${missing}`)).json()).toMatchObject({
      status: 404,
      detail: "No such guidelines document.",
    });
  });

  it("refuses callers without the GuidelinesDocuments actions", async () => {
    const reader = await t.tokenFor(
      await t.createUser({ userName: "guide-reader", actions: ["GuidelinesDocumentsRead"] }),
    );
    expect((await api("GET", "/guidelinesDocuments", undefined, reader)).statusCode).toBe(200);
    const refused = await api("POST", "/guidelinesDocuments", { name: "Nope" }, reader);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe("This operation requires one of these actions: GuidelinesDocumentsCreate.");
    expect((await api("DELETE", `/guidelinesTemplates/${missing}`, undefined, reader)).statusCode).toBe(403);
  });
});

describe("consent", () => {
  it("asks for consent before the first question, records it once, and lists it on the user", async () => {
    const { gptSystemId } = await createAgent(t.deps.database.db, {
      name: "Guided",
      encryptionKey: t.deps.config.encryptionKey,
    });
    const user = await t.createUser({ userName: "guided-user", roles: ["user"] });
    const token = await t.tokenFor(user);
    const ask = () => asUser(token, "POST", `/userConversations/byGptSystemId/${gptSystemId}`, { question: "Hi" });
    expect((await ask()).statusCode).toBe(200); // nothing requires consent yet

    const required = (
      await api("POST", "/guidelinesDocuments", {
        name: "Chat rules",
        requiresConsent: true,
        sections: [{ title: "Rule 1", body: "No secrets." }],
      })
    ).json();
    await api("POST", "/guidelinesDocuments", { name: "Inactive rules", requiresConsent: true, isActive: false });
    const id = required.guidelinesDocumentId as string;

    expect((await asUser(token, "GET", "/guidelinesDocuments/pendingConsent")).json()).toEqual([
      { guidelinesDocumentId: id, name: "Chat rules", sections: [{ title: "Rule 1", body: "No secrets." }] },
    ]);
    const refused = await ask();
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      status: 409,
      detail: 'Please agree to the guidelines "Chat rules" before asking a question.',
    });

    const first = await asUser(token, "POST", `/guidelinesDocuments/${id}/consent`);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ guidelinesDocumentId: id, consentedAt: expect.any(String) });
    const again = await asUser(token, "POST", `/guidelinesDocuments/${id}/consent`);
    expect(again.json()).toEqual(first.json()); // once per document: the first consent stands

    expect((await asUser(token, "GET", "/guidelinesDocuments/pendingConsent")).json()).toEqual([]);
    expect((await asUser(token, "GET", "/CurrentUser/details")).json().guidelinesDocumentConsent).toEqual([id]);
    expect((await ask()).statusCode).toBe(200);
    expect((await asUser(token, "POST", `/guidelinesDocuments/${missing}/consent`)).statusCode).toBe(404);

    // Deleting the document removes the consents given to it.
    await api("DELETE", `/guidelinesDocuments/${id}`);
    expect((await asUser(token, "GET", "/CurrentUser/details")).json().guidelinesDocumentConsent).toEqual([]);
  });
});
