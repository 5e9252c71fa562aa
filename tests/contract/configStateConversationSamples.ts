/** Contract samples for test conversations against configuration states, on objects the fixture makes once. */
import { decodeFrames } from "../../src/server/streaming/sse";
import { createAgent } from "../helpers/chatFixtures";
import { TEST_ADMIN, type TestApp } from "../helpers/buildTestApp";

export interface ConfigStateConversationFixture {
  testedConfigStateId: string;
  testConversationId: string;
  testSegmentId: string;
  personalTestedConfigStateId: string;
  personalTestConversationId: string;
  personalTestSegmentId: string;
}

type F = ConfigStateConversationFixture;
const missing = "00000000-0000-4000-8000-000000000000";

export async function createConfigStateConversationFixture(t: TestApp): Promise<ConfigStateConversationFixture> {
  const headers = { authorization: `Bearer ${await t.tokenFor(TEST_ADMIN.userName)}` };
  const call = async (method: "POST", url: string, payload?: object) => {
    const response = await t.app.inject({
      method,
      url: `/api/internal${url}`,
      headers,
      ...(payload ? { payload } : {}),
    });
    if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.body}`);
    return response;
  };
  const ask = async (url: string) =>
    decodeFrames((await call("POST", url, { question: "Hello draft" })).body)[0]!.data as {
      conversationId: string;
      conversationSegmentId: string;
    };
  const { gptSystemId } = await createAgent(t.deps.database.db, {
    name: "Contract tested agent",
    encryptionKey: t.deps.config.encryptionKey,
  });
  const draft = (await call("POST", `/admin/gptSystems/${gptSystemId}/configStates`)).json().configStateId as string;
  const admin = await ask(`/admin/configStates/${draft}/conversations`);
  const personal = (
    await call("POST", "/configStates/personal", { gptSystemName: "Contract tested personal agent" })
  ).json().configuration.configStateId as string;
  const own = await ask(`/configStates/${personal}/conversations`);
  return {
    testedConfigStateId: draft,
    testConversationId: admin.conversationId,
    testSegmentId: admin.conversationSegmentId,
    personalTestedConfigStateId: personal,
    personalTestConversationId: own.conversationId,
    personalTestSegmentId: own.conversationSegmentId,
  };
}

const adminConv = (f: F) => `/admin/configStates/${f.testedConfigStateId}/conversations/${f.testConversationId}`;
const ownConv = (f: F) =>
  `/configStates/${f.personalTestedConfigStateId}/conversations/${f.personalTestConversationId}`;
const ownCitation = (f: F, configStateId = f.personalTestedConfigStateId) =>
  `/configStates/conversations/${f.personalTestConversationId}/segments/${f.personalTestSegmentId}/citations?gptSystemConfigurationStateId=${configStateId}&title=t&path=p`;

export const configStateConversationSamples = [
  {
    operationId: "createAdminConfigStateConversation",
    method: "POST",
    url: (f: F) => `/admin/configStates/${f.testedConfigStateId}/conversations`,
    payload: { question: "Hi" },
    status: 200,
  },
  {
    operationId: "createAdminConfigStateConversation",
    method: "POST",
    url: (f: F) => `/admin/configStates/${f.testedConfigStateId}/conversations`,
    payload: { question: "" },
    status: 400,
  },
  {
    operationId: "createAdminConfigStateConversation",
    method: "POST",
    url: `/admin/configStates/${missing}/conversations`,
    payload: { question: "Hi" },
    status: 404,
  },
  { operationId: "getAdminConfigStateConversation", url: adminConv, status: 200 },
  {
    operationId: "getAdminConfigStateConversation",
    url: (f: F) => `/admin/configStates/${f.testedConfigStateId}/conversations/${missing}`,
    status: 404,
  },
  {
    operationId: "createAdminConfigStateConversationSegment",
    method: "POST",
    url: (f: F) => `${adminConv(f)}/segments`,
    payload: { question: "More" },
    status: 200,
  },
  { operationId: "exportAdminConfigStateConversation", url: (f: F) => `${adminConv(f)}/export`, status: 200 },
  {
    operationId: "getAdminConfigStateConversationSegmentExecutionDetails",
    url: (f: F) => `${adminConv(f)}/segments/${f.testSegmentId}/executionDetails`,
    status: 200,
  },
  {
    operationId: "getAdminConfigStateConversationSegmentTraceLogs",
    url: (f: F) => `${adminConv(f)}/segments/${f.testSegmentId}/traceLogs`,
    status: 200,
  },
  {
    operationId: "getAdminConfigStateConversationSegmentTraceLogs",
    url: (f: F) => `${adminConv(f)}/segments/${missing}/traceLogs`,
    status: 404,
  },
  {
    operationId: "downloadAdminConfigStateConversationCitation",
    url: (f: F) => `${adminConv(f)}/segments/${f.testSegmentId}/citations?title=t&path=p`,
    status: 404,
  },
  {
    operationId: "downloadAdminConfigStateConversationCitation",
    url: (f: F) => `${adminConv(f)}/segments/${f.testSegmentId}/citations`,
    status: 400,
  },
  {
    operationId: "createPersonalConfigStateConversation",
    method: "POST",
    url: (f: F) => `/configStates/${f.personalTestedConfigStateId}/conversations`,
    payload: { question: "Hi" },
    status: 200,
  },
  {
    operationId: "createPersonalConfigStateConversation",
    method: "POST",
    url: `/configStates/${missing}/conversations`,
    payload: { question: "Hi" },
    status: 404,
  },
  { operationId: "getPersonalConfigStateConversation", url: ownConv, status: 200 },
  {
    operationId: "getPersonalConfigStateConversation",
    url: (f: F) => `/configStates/${f.personalTestedConfigStateId}/conversations/${missing}`,
    status: 404,
  },
  {
    operationId: "createPersonalConfigStateConversationSegment",
    method: "POST",
    url: (f: F) => `${ownConv(f)}/segments`,
    payload: { question: "More" },
    status: 200,
  },
  { operationId: "exportPersonalConfigStateConversation", url: (f: F) => `${ownConv(f)}/export`, status: 200 },
  {
    operationId: "getPersonalConfigStateConversationSegmentExecutionDetails",
    url: (f: F) => `${ownConv(f)}/segments/${f.personalTestSegmentId}/executionDetails`,
    status: 200,
  },
  {
    operationId: "getPersonalConfigStateConversationSegmentTraceLogs",
    url: (f: F) => `${ownConv(f)}/segments/${f.personalTestSegmentId}/traceLogs`,
    status: 200,
  },
  {
    operationId: "getPersonalConfigStateConversationSegmentTraceLogs",
    url: (f: F) => `/configStates/${f.personalTestedConfigStateId}/conversations/${missing}/segments/${f.personalTestSegmentId}/traceLogs`,
    status: 404,
  },
  { operationId: "downloadPersonalConfigStateConversationCitation", url: (f: F) => ownCitation(f), status: 404 },
  {
    operationId: "downloadPersonalConfigStateConversationCitation",
    url: (f: F) => ownCitation(f, "not-a-uuid"),
    status: 400,
  },
] as const;
