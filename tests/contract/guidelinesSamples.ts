/** Contract samples for guidelines documents, templates, consent and the cloud groups list. */
import { TEST_ADMIN, type TestApp } from "../helpers/buildTestApp";

export interface GuidelinesFixture {
  guidelinesDocumentId: string;
  deletableGuidelinesDocumentId: string;
  guidelinesTemplateId: string;
  deletableGuidelinesTemplateId: string;
}

type F = GuidelinesFixture;
const missing = "00000000-0000-4000-8000-000000000000";
const sections = [{ title: "Be kind", body: "Treat **everyone** with respect.", order: 0 }];

export async function createGuidelinesFixture(t: TestApp): Promise<GuidelinesFixture> {
  const headers = { authorization: `Bearer ${await t.tokenFor(TEST_ADMIN.userName)}` };
  const create = async (family: string, payload: object, idField: string) => {
    const response = await t.app.inject({ method: "POST", url: `/api/internal/admin/${family}`, headers, payload });
    if (response.statusCode !== 201) throw new Error(`POST ${family}: ${response.body}`);
    return response.json()[idField] as string;
  };
  // No document requires consent here: the other samples ask questions.
  const doc = (name: string) => create("guidelinesDocuments", { name, sections }, "guidelinesDocumentId");
  const template = (name: string) => create("guidelinesTemplates", { name, sections }, "guidelinesTemplateId");
  return {
    guidelinesDocumentId: await doc("Contract guidelines"),
    deletableGuidelinesDocumentId: await doc("Contract guidelines to delete"),
    guidelinesTemplateId: await template("Contract template"),
    deletableGuidelinesTemplateId: await template("Contract template to delete"),
  };
}

const documentUrl = (f: F) => `/admin/guidelinesDocuments/${f.guidelinesDocumentId}`;
const templateUrl = (f: F) => `/admin/guidelinesTemplates/${f.guidelinesTemplateId}`;

export const guidelinesSamples = [
  { operationId: "listAdminGuidelinesDocuments", url: "/admin/guidelinesDocuments?range=%5B0%2C9%5D", status: 200 },
  {
    operationId: "listAdminGuidelinesDocuments",
    url: "/admin/guidelinesDocuments?filter=%7B%22nope%22%3A1%7D",
    status: 400,
  },
  {
    operationId: "createAdminGuidelinesDocument",
    method: "POST",
    url: "/admin/guidelinesDocuments",
    payload: (f: F) => ({ name: "From template", guidelinesTemplateId: f.guidelinesTemplateId }),
    status: 201,
  },
  {
    operationId: "createAdminGuidelinesDocument",
    method: "POST",
    url: "/admin/guidelinesDocuments",
    payload: { name: " ", sections: [{ title: "", body: "" }] },
    status: 400,
  },
  { operationId: "getAdminGuidelinesDocument", url: documentUrl, status: 200 },
  { operationId: "getAdminGuidelinesDocument", url: `/admin/guidelinesDocuments/${missing}`, status: 404 },
  {
    operationId: "updateAdminGuidelinesDocument",
    method: "PUT",
    url: documentUrl,
    payload: { name: "Contract guidelines, changed", sections },
    status: 200,
  },
  {
    operationId: "updateAdminGuidelinesDocument",
    method: "PUT",
    url: `/admin/guidelinesDocuments/${missing}`,
    payload: { name: "Nobody" },
    status: 404,
  },
  {
    operationId: "deleteAdminGuidelinesDocument",
    method: "DELETE",
    url: (f: F) => `/admin/guidelinesDocuments/${f.deletableGuidelinesDocumentId}`,
    status: 200,
  },
  { operationId: "listAdminGuidelinesTemplates", url: "/admin/guidelinesTemplates", status: 200 },
  {
    operationId: "createAdminGuidelinesTemplate",
    method: "POST",
    url: "/admin/guidelinesTemplates",
    payload: { name: "Another template", sections },
    status: 201,
  },
  { operationId: "getAdminGuidelinesTemplate", url: templateUrl, status: 200 },
  {
    operationId: "getAdminGuidelinesTemplate",
    url: (f: F) => `/admin/guidelinesTemplates/${f.guidelinesDocumentId}`,
    status: 404,
  },
  {
    operationId: "updateAdminGuidelinesTemplate",
    method: "PUT",
    url: templateUrl,
    payload: { name: "Contract template, changed" },
    status: 200,
  },
  {
    operationId: "deleteAdminGuidelinesTemplate",
    method: "DELETE",
    url: (f: F) => `/admin/guidelinesTemplates/${f.deletableGuidelinesTemplateId}`,
    status: 200,
  },
  { operationId: "listPendingGuidelinesConsents", url: "/guidelinesDocuments/pendingConsent", status: 200 },
  {
    operationId: "consentToGuidelinesDocument",
    method: "POST",
    url: (f: F) => `/guidelinesDocuments/${f.guidelinesDocumentId}/consent`,
    status: 200,
  },
  {
    operationId: "consentToGuidelinesDocument",
    method: "POST",
    url: `/guidelinesDocuments/${missing}/consent`,
    status: 404,
  },
  // The test app configures no Entra ID: the list says so.
  { operationId: "listAdminCloudGroups", url: "/admin/cloudGroups", status: 409 },
] as const;
