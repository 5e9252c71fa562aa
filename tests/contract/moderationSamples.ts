/** Contract samples for personal agents and their moderation, on objects the fixture makes once. */
import { decodeFrames } from "../../src/server/streaming/sse";
import { TEST_ADMIN, type TestApp } from "../helpers/buildTestApp";

export interface ModerationFixture {
  personalGptSystemId: string;
  publishedPersonalConfigStateId: string;
  draftPersonalConfigStateId: string;
  discardablePersonalConfigStateId: string;
  deletablePersonalGptSystemId: string;
  personalConversationId: string;
  moderationReportId: string;
}

type F = ModerationFixture;
const missing = "00000000-0000-4000-8000-000000000000";

/** A valid 1×1 PNG. */
const ONE_PIXEL_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
/** The avatar upload's body depends on the fixture (the config state id), so its boundary is fixed. */
const AVATAR_BOUNDARY = "----contract-avatar";
const AVATAR_UPLOAD_HEADERS = { "content-type": `multipart/form-data; boundary=${AVATAR_BOUNDARY}` };
function avatarUpload(configStateId: string, content: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(
      `--${AVATAR_BOUNDARY}\r\nContent-Disposition: form-data; name="gptSystemConfigurationStateId"\r\n\r\n${configStateId}\r\n` +
        `--${AVATAR_BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${configStateId}"\r\n` +
        "Content-Type: application/octet-stream\r\n\r\n",
    ),
    content,
    Buffer.from(`\r\n--${AVATAR_BOUNDARY}--\r\n`),
  ]);
}

export async function createModerationFixture(t: TestApp): Promise<ModerationFixture> {
  const headers = { authorization: `Bearer ${await t.tokenFor(TEST_ADMIN.userName)}` };
  const call = async (method: "GET" | "POST", url: string, payload?: object) => {
    const response = await t.app.inject({
      method,
      url: `/api/internal${url}`,
      headers,
      ...(payload ? { payload } : {}),
    });
    if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.body}`);
    return response;
  };
  const quickCreate = async (name: string) => {
    const { configStateId, gptSystemId } = (
      await call("POST", "/configStates/personal", { gptSystemName: name })
    ).json().configuration;
    await call("POST", `/configStates/${configStateId}/publish`);
    return { configStateId: configStateId as string, gptSystemId: gptSystemId as string };
  };
  const agent = await quickCreate("Contract personal agent");
  const deletable = await quickCreate("Contract agent to delete");
  const draft = (await call("POST", `/configStates/fromGptSystem/${agent.gptSystemId}`)).json().configuration
    .configStateId as string;
  const discardable = (await call("POST", `/configStates/fromGptSystem/${deletable.gptSystemId}`)).json()
    .configuration.configStateId as string;
  const stream = await call("POST", `/userConversations/byGptSystemId/${agent.gptSystemId}`, { question: "Hello" });
  const { conversationId } = decodeFrames(stream.body)[0]!.data as { conversationId: string };
  const report = await call("POST", `/userConversations/${conversationId}/report`, { reportReason: "Spam" });
  return {
    personalGptSystemId: agent.gptSystemId,
    publishedPersonalConfigStateId: agent.configStateId,
    draftPersonalConfigStateId: draft,
    discardablePersonalConfigStateId: discardable,
    deletablePersonalGptSystemId: deletable.gptSystemId,
    personalConversationId: conversationId,
    moderationReportId: report.json().moderationReportId as string,
  };
}

const state = (id: (f: F) => string) => (f: F) => `/configStates/${id(f)}`;
const draft = state((f) => f.draftPersonalConfigStateId);
const published = state((f) => f.publishedPersonalConfigStateId);
const report = (f: F) => `/admin/moderation/reports/${f.moderationReportId}`;
const list = (filter: object, range = "[0,9]") =>
  `/admin/moderation/reports?filter=${encodeURIComponent(JSON.stringify(filter))}&range=${encodeURIComponent(range)}`;
const decision = (f: F) => ({
  moderationReportId: f.moderationReportId,
  agentModerationAction: "TakeNoAction",
  userModerationAction: "TakeNoAction",
  moderationNotes: "Checked: no problem.",
  isBulkResolution: false,
});

export const moderationSamples = [
  {
    operationId: "createPersonalAgent",
    method: "POST",
    url: "/configStates/personal",
    payload: { gptSystemName: "Quick" },
    status: 201,
  },
  {
    operationId: "createPersonalAgent",
    method: "POST",
    url: "/configStates/personal",
    payload: { gptSystemName: " " },
    status: 400,
  },
  {
    operationId: "createPersonalConfigStateFromGptSystem",
    method: "POST",
    url: (f: F) => `/configStates/fromGptSystem/${f.personalGptSystemId}`,
    status: 201,
  },
  {
    operationId: "createPersonalConfigStateFromGptSystem",
    method: "POST",
    url: `/configStates/fromGptSystem/${missing}`,
    status: 404,
  },
  { operationId: "listPersonalAgentDeployments", url: "/configStates/deployments", status: 200 },
  { operationId: "getPersonalConfigState", url: draft, status: 200 },
  { operationId: "getPersonalConfigState", url: `/configStates/${missing}`, status: 404 },
  {
    operationId: "updatePersonalConfigState",
    method: "PUT",
    url: draft,
    payload: { systemPrompt: "Be brief.", temperature: 0.5 },
    status: 200,
  },
  { operationId: "updatePersonalConfigState", method: "PUT", url: draft, payload: { temperature: 3 }, status: 400 },
  {
    operationId: "updatePersonalConfigState",
    method: "PUT",
    url: published,
    payload: { systemPrompt: "x" },
    status: 409,
  },
  { operationId: "publishPersonalConfigState", method: "POST", url: (f: F) => `${draft(f)}/publish`, status: 200 },
  { operationId: "getPersonalConfigStateAvatar", url: (f: F) => `${draft(f)}/avatar`, status: 200 },
  { operationId: "listMyPersonalGptSystems", url: "/gptSystems/directory/Personal/Mine", status: 200 },
  { operationId: "listMyPersonalConfigStateDrafts", url: "/gptSystems/directory/Personal/ConfigStates", status: 200 },
  {
    operationId: "listPersonalGptSystemsSharedWithMe",
    url: "/gptSystems/directory/Personal/SharedWithMe",
    status: 200,
  },
  {
    operationId: "uploadPersonalConfigStateAvatar",
    method: "POST",
    url: (f: F) => `${draft(f)}/avatar`,
    payload: (f: F) => avatarUpload(f.draftPersonalConfigStateId, ONE_PIXEL_PNG),
    headers: AVATAR_UPLOAD_HEADERS,
    status: 204,
  },
  {
    operationId: "uploadPersonalConfigStateAvatar",
    method: "POST",
    url: (f: F) => `${draft(f)}/avatar`,
    payload: (f: F) => avatarUpload(f.draftPersonalConfigStateId, Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>")),
    headers: AVATAR_UPLOAD_HEADERS,
    status: 415,
  },
  { operationId: "deletePersonalConfigStateAvatar", method: "DELETE", url: (f: F) => `${draft(f)}/avatar`, status: 204 },
  { operationId: "deletePersonalConfigStateAvatar", method: "DELETE", url: `/configStates/${missing}/avatar`, status: 404 },
  {
    operationId: "deletePersonalConfigState",
    method: "DELETE",
    url: (f: F) => `/configStates/${f.discardablePersonalConfigStateId}`,
    status: 204,
  },
  { operationId: "deletePersonalConfigState", method: "DELETE", url: published, status: 409 },
  { operationId: "deletePersonalConfigState", method: "DELETE", url: `/configStates/${missing}`, status: 404 },
  {
    operationId: "updatePersonalGptSystemSharing",
    method: "PUT",
    url: (f: F) => `/gptSystems/personal/${f.personalGptSystemId}/sharing`,
    payload: { isShared: true },
    status: 200,
  },
  {
    operationId: "updatePersonalGptSystemSharing",
    method: "PUT",
    url: (f: F) => `/gptSystems/personal/${f.personalGptSystemId}/sharing`,
    payload: { isShared: "yes" },
    status: 400,
  },
  {
    operationId: "updatePersonalGptSystemSharing",
    method: "PUT",
    url: `/gptSystems/personal/${missing}/sharing`,
    payload: { isShared: false },
    status: 404,
  },
  {
    operationId: "addGptSystemSharedWithMe",
    method: "POST",
    url: (f: F) => `/CurrentUser/gptSystemSharedWithMe/${f.personalGptSystemId}`,
    status: 200,
  },
  { operationId: "addGptSystemSharedWithMe", method: "POST", url: `/CurrentUser/gptSystemSharedWithMe/${missing}`, status: 404 },
  {
    operationId: "deletePersonalGptSystem",
    method: "DELETE",
    url: (f: F) => `/gptSystems/personal/${f.deletablePersonalGptSystemId}`,
    status: 204,
  },
  { operationId: "deletePersonalGptSystem", method: "DELETE", url: `/gptSystems/personal/${missing}`, status: 404 },
  {
    operationId: "reportUserConversation",
    method: "POST",
    url: (f: F) => `/userConversations/${f.personalConversationId}/report`,
    payload: { reportReason: "Other", details: "Second report." },
    status: 201,
  },
  {
    operationId: "reportUserConversation",
    method: "POST",
    url: (f: F) => `/userConversations/${f.personalConversationId}/report`,
    payload: { reportReason: "Nope" },
    status: 400,
  },
  {
    operationId: "reportUserConversation",
    method: "POST",
    url: `/userConversations/${missing}/report`,
    payload: { reportReason: "Spam" },
    status: 404,
  },
  { operationId: "listAdminModerationReports", url: list({ reportStatus: "Open" }), status: 200 },
  { operationId: "listAdminModerationReports", url: list({ reportStatus: "Closed" }), status: 400 },
  { operationId: "getAdminModerationReport", url: report, status: 200 },
  { operationId: "getAdminModerationReport", url: `/admin/moderation/reports/${missing}`, status: 404 },
  { operationId: "getAdminModerationReportContext", url: (f: F) => `${report(f)}/context`, status: 200 },
  {
    operationId: "submitAdminModerationDecision",
    method: "POST",
    url: "/admin/moderation/decision",
    payload: (f: F) => ({ moderationReportId: f.moderationReportId }),
    status: 400,
  },
  {
    operationId: "submitAdminModerationDecision",
    method: "POST",
    url: "/admin/moderation/decision",
    payload: decision,
    status: 200,
  },
  { operationId: "getAdminModerationReport", url: report, status: 200 },
  {
    operationId: "submitAdminModerationDecision",
    method: "POST",
    url: "/admin/moderation/decision",
    payload: decision,
    status: 409,
  },
] as const;
