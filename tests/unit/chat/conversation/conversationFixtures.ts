/** A conversation and its segments as the API answers them: plain data, for page and server tests alike. */
import type { components } from "../../../../src/generated/api";

type Schemas = components["schemas"];

export const AGENT_ID = "11111111-1111-4111-8111-111111111111";
export const CONVERSATION_ID = "22222222-2222-4222-8222-222222222222";
export const segmentId = (n: number) => `33333333-3333-4333-8333-${String(n).padStart(12, "0")}`;

export const agentRef: Schemas["ConversationAgentReference"] = {
  gptSystemId: AGENT_ID,
  name: "Atlas",
  gptSystemType: "System",
  isPublic: false,
  moderationStatus: null,
  ownership: { ownerIsCurrentUser: false },
};

export function makeSegment(
  n: number,
  overrides: Partial<Schemas["ConversationSegment"]> = {},
): Schemas["ConversationSegment"] {
  return {
    conversationSegmentId: segmentId(n),
    parentSegmentId: n === 1 ? null : segmentId(n - 1),
    question: `Question ${n}`,
    answer: `Answer ${n}`,
    status: "Complete",
    errorText: null,
    createdAt: "2025-12-01T10:00:00Z",
    completedAt: "2025-12-01T10:00:05Z",
    visionImages: [],
    attachments: [],
    visionImageFiles: [],
    attachmentFiles: [],
    citations: [],
    feedback: null,
    answeredWithGptSystem: agentRef,
    siblingIds: [segmentId(n)],
    ...overrides,
  };
}

export function makeConversation(segments: Schemas["ConversationSegment"][]): Schemas["Conversation"] {
  return {
    conversationId: CONVERSATION_ID,
    title: "Streaming design",
    createdAt: "2025-12-01T10:00:00Z",
    updatedAt: "2025-12-01T10:00:00Z",
    isArchived: false,
    isDeleted: false,
    moderationStatus: null,
    gptSystem: agentRef,
    ownership: { ownerIsCurrentUser: true },
    conversationSegmentTree: {
      selectedLeafSegmentId: segments.at(-1)?.conversationSegmentId ?? null,
      segmentPath: segments.map((s) => s.conversationSegmentId),
      segments,
    },
  };
}
