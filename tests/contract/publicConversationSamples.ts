/** Contract samples for the public chat (visitors: no token, a session identifier), on objects the fixture makes once. */
import { decodeFrames } from "../../src/server/streaming/sse";
import { createAgent } from "../helpers/chatFixtures";
import { eq } from "drizzle-orm";
import { configStates, deployments } from "../../src/server/db/chatSchema";
import type { TestApp } from "../helpers/buildTestApp";
import { multipart } from "../helpers/fileFixtures";
import { makePublic, newSession } from "../unit/server/publicConversations/publicChatKit";

export interface PublicConversationFixture {
  publicEndpoint: string;
  publicSessionIdentifier: string;
  publicConversationId: string;
  publicSegmentId: string;
  /** A session of a public agent that takes images, and an image it uploaded. */
  publicVisionSessionIdentifier: string;
  publicVisionImageId: string;
  publicVisionBlobFileName: string;
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
  return {
    publicEndpoint,
    publicSessionIdentifier,
    publicConversationId: ids.conversationId,
    publicSegmentId: ids.conversationSegmentId,
    ...(await createPublicVisionFixture(t)),
  };
}

/** 1×1 PNG. */
const PIXEL = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");
const pixel = multipart({}, { name: "pixel.png", content: PIXEL, type: "image/png" });
const svg = multipart({}, { name: "x.svg", content: Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>") });

async function createPublicVisionFixture(t: TestApp) {
  const db = t.deps.database.db;
  const endpoint = "contract-seeing-desk";
  // Any address: the model is never called; its deployment only has to accept images.
  const agent = await createAgent(db, { name: "Contract seeing agent", openaiBaseUrl: "http://127.0.0.1:9/v1", encryptionKey: t.deps.config.encryptionKey });
  const [config] = await db.select().from(configStates).where(eq(configStates.configStateId, agent.configStateId));
  await db.update(deployments).set({ supportsVision: true }).where(eq(deployments.connectionId, config!.languageEngine));
  await makePublic(t, agent.gptSystemId, endpoint);
  const publicVisionSessionIdentifier = await newSession(t, endpoint);
  const uploaded = await t.app.inject({
    method: "POST",
    url: "/api/internal/publicConversations/VisionImages/Files",
    headers: { ...pixel.headers, "x-session-identifier": publicVisionSessionIdentifier },
    payload: pixel.payload,
  });
  if (uploaded.statusCode !== 201) throw new Error(`public image: ${uploaded.body}`);
  const image = uploaded.json() as { visionImageId: string; blobFileName: string };
  return { publicVisionSessionIdentifier, publicVisionImageId: image.visionImageId, publicVisionBlobFileName: image.blobFileName };
}

const session = (f: F) => ({ "x-session-identifier": f.publicSessionIdentifier });
const conv = (f: F) => `/publicConversations/${f.publicConversationId}`;
const seeing = (f: F) => ({ "x-session-identifier": f.publicVisionSessionIdentifier });
const imageBase64 = (f: F) => `/publicConversations/VisionImages/${f.publicVisionImageId}/Files/${f.publicVisionBlobFileName}/base64`;
const uploadUrl = "/publicConversations/VisionImages/Files";

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
  {
    operationId: "updatePublicConversationSelectedLeafSegmentId",
    method: "PUT",
    url: (f: F) => `${conv(f)}/updateSelectedLeafSegmentId`,
    headers: session,
    payload: (f: F) => ({ conversationSegmentId: f.publicSegmentId }),
    as: null,
    status: 200,
  },
  {
    operationId: "updatePublicConversationSelectedLeafSegmentId",
    method: "PUT",
    url: (f: F) => `${conv(f)}/updateSelectedLeafSegmentId`,
    headers: session,
    payload: { conversationSegmentId: missing },
    as: null,
    status: 400,
  },
  {
    operationId: "updatePublicConversationSelectedLeafSegmentId",
    method: "PUT",
    url: `/publicConversations/${missing}/updateSelectedLeafSegmentId`,
    headers: session,
    payload: { conversationSegmentId: missing },
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
  {
    operationId: "uploadPublicVisionImage",
    method: "POST",
    url: uploadUrl,
    headers: (f: F) => ({ ...pixel.headers, ...seeing(f) }),
    payload: pixel.payload,
    as: null,
    status: 201,
  },
  {
    operationId: "uploadPublicVisionImage",
    method: "POST",
    url: uploadUrl,
    headers: (f: F) => ({ ...svg.headers, ...seeing(f) }),
    payload: svg.payload,
    as: null,
    status: 415,
  },
  {
    // The contract fixture's first agent runs on the local engine, which sees no images.
    operationId: "uploadPublicVisionImage",
    method: "POST",
    url: uploadUrl,
    headers: (f: F) => ({ ...pixel.headers, ...session(f) }),
    payload: pixel.payload,
    as: null,
    status: 404,
  },
  { operationId: "uploadPublicVisionImage", method: "POST", url: uploadUrl, headers: pixel.headers, payload: pixel.payload, as: null, status: 400 },
  { operationId: "getPublicVisionImageContent", url: imageBase64, headers: seeing, as: null, status: 200 },
  // Another session's image is no image at all.
  { operationId: "getPublicVisionImageContent", url: imageBase64, headers: session, as: null, status: 404 },
  {
    operationId: "getPublicVisionImageContent",
    url: `/publicConversations/VisionImages/${missing}/Files/..%2Fx/base64`,
    headers: seeing,
    as: null,
    status: 400,
  },
] as const;
