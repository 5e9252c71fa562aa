/** Contract samples for the public chat (visitors: no token, a session identifier), on objects the fixture makes once. */
import { decodeFrames } from "../../src/server/streaming/sse";
import { createAgent } from "../helpers/chatFixtures";
import type { TestApp } from "../helpers/buildTestApp";
import { makePublic, newSession } from "../unit/server/publicConversations/publicChatKit";

export interface PublicConversationFixture {
  publicEndpoint: string;
  publicSessionIdentifier: string;
  publicConversationId: string;
  publicSegmentId: string;
}

type F = PublicConversationFixture;
const missing = "00000000-0000-4000-8000-000000000000";

export async function createPublicConversationFixture(t: TestApp): Promise<PublicConversationFixture> {
  const publicEndpoint = "contract-public-desk";
  const { gptSystemId } = await createAgent(t.deps.database.db, { name: "Contract public agent", encryptionKey: t.deps.config.encryptionKey });
  await makePublic(t, gptSystemId, publicEndpoint);
  const publicSessionIdentifier = await newSession(t, publicEndpoint);
  const asked = await t.app.inject({
    method: "POST",
    url: `/api/internal/publicConversations/byGptPublicEndpoint/${publicEndpoint}`,
    headers: { "x-session-identifier": publicSessionIdentifier },
    payload: { question: "Hello public" },
  });
  if (asked.statusCode !== 200) throw new Error(`public question: ${asked.body}`);
  const ids = decodeFrames(asked.body)[0]!.data as { conversationId: string; conversationSegmentId: string };
  return { publicEndpoint, publicSessionIdentifier, publicConversationId: ids.conversationId, publicSegmentId: ids.conversationSegmentId };
}

const session = (f: F) => ({ "x-session-identifier": f.publicSessionIdentifier });
const conv = (f: F) => `/publicConversations/${f.publicConversationId}`;

export const publicConversationSamples = [
  {
    operationId: "createPublicChatSession",
    method: "POST",
    url: (f: F) => `/publicConversations/byGptPublicEndpoint/${f.publicEndpoint}/sessions`,
    as: null,
    status: 201,
  },
  {
    operationId: "createPublicChatSession",
    method: "POST",
    url: "/publicConversations/byGptPublicEndpoint/no-such-endpoint/sessions",
    as: null,
    status: 404,
  },
  {
    operationId: "createPublicChatSession",
    method: "POST",
    url: "/publicConversations/byGptPublicEndpoint/Not%20valid/sessions",
    as: null,
    status: 400,
  },
  {
    operationId: "getPublicGptSystemDetailsForConversation",
    url: (f: F) => `/publicConversations/gptSystemDetailsForConversation/${f.publicSessionIdentifier}`,
    as: null,
    status: 200,
  },
  {
    operationId: "getPublicGptSystemDetailsForConversation",
    url: `/publicConversations/gptSystemDetailsForConversation/${missing}.forged-session.value`,
    as: null,
    status: 404,
  },
  {
    operationId: "getPublicGptSystemPromptsForConversation",
    url: (f: F) => `/publicConversations/promptsForConversation/${f.publicSessionIdentifier}`,
    as: null,
    status: 200,
  },
  {
    operationId: "getPublicGptSystemPromptsForConversation",
    url: "/publicConversations/promptsForConversation/short",
    as: null,
    status: 400,
  },
  { operationId: "listPublicConversations", url: "/publicConversations", headers: session, as: null, status: 200 },
  { operationId: "listPublicConversations", url: "/publicConversations", as: null, status: 400 },
  {
    operationId: "createPublicConversation",
    method: "POST",
    url: (f: F) => `/publicConversations/byGptPublicEndpoint/${f.publicEndpoint}`,
    headers: session,
    payload: { question: "Hi" },
    as: null,
    status: 200,
  },
  {
    operationId: "createPublicConversation",
    method: "POST",
    url: (f: F) => `/publicConversations/byGptPublicEndpoint/${f.publicEndpoint}`,
    headers: session,
    payload: { question: "" },
    as: null,
    status: 400,
  },
  {
    operationId: "createPublicConversation",
    method: "POST",
    url: "/publicConversations/byGptPublicEndpoint/no-such-endpoint",
    headers: session,
    payload: { question: "Hi" },
    as: null,
    status: 404,
  },
  { operationId: "getPublicConversation", url: conv, headers: session, as: null, status: 200 },
  { operationId: "getPublicConversation", url: `/publicConversations/${missing}`, headers: session, as: null, status: 404 },
  {
    operationId: "createPublicConversationSegment",
    method: "POST",
    url: (f: F) => `${conv(f)}/segments`,
    headers: session,
    payload: { question: "More" },
    as: null,
    status: 200,
  },
  {
    operationId: "createPublicConversationSegment",
    method: "POST",
    url: `/publicConversations/${missing}/segments`,
    headers: session,
    payload: { question: "More" },
    as: null,
    status: 404,
  },
  { operationId: "exportPublicConversation", url: (f: F) => `${conv(f)}/export`, headers: session, as: null, status: 200 },
  {
    operationId: "downloadPublicConversationCitation",
    url: (f: F) => `${conv(f)}/segments/${f.publicSegmentId}/citations?title=t&path=p`,
    headers: session,
    as: null,
    status: 404,
  },
  {
    operationId: "downloadPublicConversationCitation",
    url: (f: F) => `${conv(f)}/segments/${f.publicSegmentId}/citations`,
    headers: session,
    as: null,
    status: 400,
  },
] as const;
