/** Contract samples for the chat's operations, on objects the fixture makes once. */
import { eq } from "drizzle-orm";
import { gptSystems } from "../../src/server/db/chatSchema";
import { decodeFrames } from "../../src/server/streaming/sse";
import { createAgent } from "../helpers/chatFixtures";
import { TEST_ADMIN, type TestApp } from "../helpers/buildTestApp";

export interface ChatFixture {
  gptSystemId: string;
  conversationId: string;
  conversationSegmentId: string;
  promptId: string;
  /** A conversation whose agent a moderator banned afterwards. */
  bannedConversationId: string;
}

export async function createChatFixture(t: TestApp): Promise<ChatFixture> {
  const { gptSystemId } = await createAgent(t.deps.database.db, { name: "Contract agent", encryptionKey: t.deps.config.encryptionKey });
  const headers = { authorization: `Bearer ${await t.tokenFor(TEST_ADMIN.userName)}` };
  const stream = await t.app.inject({
    method: "POST",
    url: `/api/internal/userConversations/byGptSystemId/${gptSystemId}`,
    headers,
    payload: { question: "Hello" },
  });
  const ids = decodeFrames(stream.body)[0]!.data as { conversationId: string; conversationSegmentId: string };
  const prompt = await t.app.inject({ method: "POST", url: "/api/internal/userPrompts", headers, payload: { title: "T", prompt: "P" } });
  const banned = await createAgent(t.deps.database.db, { name: "Banned contract agent", encryptionKey: t.deps.config.encryptionKey });
  const bannedStream = await t.app.inject({
    method: "POST",
    url: `/api/internal/userConversations/byGptSystemId/${banned.gptSystemId}`,
    headers,
    payload: { question: "Hello" },
  });
  const bannedIds = decodeFrames(bannedStream.body)[0]!.data as { conversationId: string };
  await t.deps.database.db.update(gptSystems).set({ moderationStatus: "Banned" }).where(eq(gptSystems.gptSystemId, banned.gptSystemId));
  return { gptSystemId, ...ids, promptId: prompt.json().promptId, bannedConversationId: bannedIds.conversationId };
}

const conv = (f: ChatFixture) => `/userConversations/${f.conversationId}`;
const seg = (f: ChatFixture) => `${conv(f)}/segments/${f.conversationSegmentId}`;
const missing = "00000000-0000-4000-8000-000000000000";

export const chatSamples = [
  { operationId: "listUserConversations", url: "/userConversations?includeArchived=true", status: 200 },
  { operationId: "listUserConversations", url: "/userConversations?pageSize=0", status: 400 },
  { operationId: "listArchivedUserConversations", url: "/userConversations/archived", status: 200 },
  { operationId: "getUserConversation", url: conv, status: 200 },
  { operationId: "getUserConversation", url: `/userConversations/${missing}`, status: 404 },
  { operationId: "updateUserConversationTitle", method: "PUT", url: (f: ChatFixture) => `${conv(f)}/updateTitle`, payload: (f: ChatFixture) => ({ conversationId: f.conversationId, title: "Renamed" }), status: 200 },
  { operationId: "updateUserConversationTitle", method: "PUT", url: (f: ChatFixture) => `${conv(f)}/updateTitle`, payload: { title: "" }, status: 400 },
  { operationId: "updateUserConversationSelectedLeafSegmentId", method: "PUT", url: (f: ChatFixture) => `${conv(f)}/updateSelectedLeafSegmentId`, payload: (f: ChatFixture) => ({ conversationSegmentId: f.conversationSegmentId }), status: 200 },
  { operationId: "archiveUserConversation", method: "PUT", url: (f: ChatFixture) => `${conv(f)}/archive`, status: 200 },
  { operationId: "unArchiveUserConversation", method: "PUT", url: (f: ChatFixture) => `${conv(f)}/unArchive`, status: 200 },
  { operationId: "exportUserConversation", url: (f: ChatFixture) => `${conv(f)}/export`, status: 200 },
  { operationId: "exportUserConversation", url: (f: ChatFixture) => `/userConversations/${f.bannedConversationId}/export`, status: 403 },
  { operationId: "createUserConversation", method: "POST", url: (f: ChatFixture) => `/userConversations/byGptSystemId/${f.gptSystemId}`, payload: { question: "Hi" }, status: 200 },
  { operationId: "createUserConversation", method: "POST", url: (f: ChatFixture) => `/userConversations/byGptSystemId/${f.gptSystemId}`, payload: { question: "" }, status: 400 },
  { operationId: "createUserConversation", method: "POST", url: `/userConversations/byGptSystemId/${missing}`, payload: { question: "Hi" }, status: 404 },
  { operationId: "createUserConversationSegment", method: "POST", url: (f: ChatFixture) => `${conv(f)}/segments`, payload: { question: "More" }, status: 200 },
  { operationId: "followUserConversationSegment", url: (f: ChatFixture) => `${seg(f)}/stream`, status: 200 },
  { operationId: "stopUserConversationSegment", method: "POST", url: (f: ChatFixture) => `${seg(f)}/stop`, status: 204 },
  { operationId: "stopUserConversationSegment", method: "POST", url: (f: ChatFixture) => `${conv(f)}/segments/${missing}/stop`, status: 404 },
  { operationId: "getUserConversationSegmentExecutionDetails", url: (f: ChatFixture) => `${seg(f)}/executionDetails`, status: 200 },
  { operationId: "getUserConversationSegmentTraceLogs", url: (f: ChatFixture) => `${seg(f)}/traceLogs`, status: 200 },
  { operationId: "getUserConversationSegmentTraceLogs", url: (f: ChatFixture) => `${conv(f)}/segments/${missing}/traceLogs`, status: 404 },
  { operationId: "submitUserConversationSegmentFeedback", method: "POST", url: (f: ChatFixture) => `${seg(f)}/feedback`, payload: { feedback: "Negative", comment: "Too short" }, status: 200 },
  { operationId: "submitUserConversationSegmentFeedback", method: "POST", url: (f: ChatFixture) => `${seg(f)}/feedback`, payload: { feedback: "Meh" }, status: 400 },
  { operationId: "removeUserConversationSegmentFeedback", method: "DELETE", url: (f: ChatFixture) => `${seg(f)}/feedback`, status: 200 },
  { operationId: "removeUserConversationSegmentFeedbackByPost", method: "POST", url: (f: ChatFixture) => `${seg(f)}/removeFeedback`, status: 200 },
  { operationId: "removeUserConversationSegmentFeedbackByPost", method: "POST", url: (f: ChatFixture) => `${conv(f)}/segments/${missing}/removeFeedback`, status: 404 },
  { operationId: "getGptSystemDetailsForConversation", url: (f: ChatFixture) => `/userConversations/gptSystems/${f.gptSystemId}/detailsForConversation`, status: 200 },
  { operationId: "getGptSystemPromptsForConversation", url: (f: ChatFixture) => `/userConversations/gptSystems/${f.gptSystemId}/promptsForConversation`, status: 200 },
  { operationId: "listAvailableGptSystems", url: "/CurrentUser/AvailableGptSystems", status: 200 },
  { operationId: "listPinnedGptSystems", url: "/CurrentUser/pinnedGptSystems", status: 200 },
  { operationId: "listRecentGptSystems", url: "/CurrentUser/recentGptSystems", status: 200 },
  { operationId: "pinGptSystem", method: "POST", url: (f: ChatFixture) => `/CurrentUser/pinnedGptSystem/${f.gptSystemId}`, status: 204 },
  { operationId: "unpinGptSystem", method: "DELETE", url: (f: ChatFixture) => `/CurrentUser/pinnedGptSystem/${f.gptSystemId}`, status: 204 },
  { operationId: "pinGptSystem", method: "POST", url: `/CurrentUser/pinnedGptSystem/${missing}`, status: 404 },
  { operationId: "listSystemGptSystemDirectory", url: "/gptSystems/directory/System", status: 200 },
  { operationId: "getGptSystemAvatar", url: (f: ChatFixture) => `/gptSystems/common/management/${f.gptSystemId}/avatar`, status: 200 },
  { operationId: "listUserPrompts", url: "/userPrompts", status: 200 },
  { operationId: "createUserPrompt", method: "POST", url: "/userPrompts", payload: { title: "A", prompt: "B" }, status: 201 },
  { operationId: "createUserPrompt", method: "POST", url: "/userPrompts", payload: { title: "A", prompt: "B", extra: 1 }, status: 400 },
  { operationId: "updateUserPrompt", method: "PUT", url: (f: ChatFixture) => `/userPrompts/prompt/${f.promptId}`, payload: { title: "A2", prompt: "B2" }, status: 200 },
  { operationId: "deleteUserPrompt", method: "DELETE", url: (f: ChatFixture) => `/userPrompts/prompt/${f.promptId}`, status: 204 },
  { operationId: "deleteUserPrompt", method: "DELETE", url: `/userPrompts/prompt/${missing}`, status: 404 },
  // Last: deleting the fixture's conversation.
  { operationId: "deleteUserConversation", method: "DELETE", url: conv, status: 204 },
] as const;
