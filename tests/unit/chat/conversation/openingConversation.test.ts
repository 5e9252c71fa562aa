import { http, HttpResponse } from "msw";
import { afterEach, describe, expect, it } from "vitest";
import { authActions } from "../../../../src/app/auth/authStore";
import { createQueryClient } from "../../../../src/app/queryClient";
import { conversationKeys } from "../../../../src/chat/conversation/conversationKeys";
import { estimateRowHeight } from "../../../../src/chat/conversation/estimateRowHeight";
import { readChatPageAtOpening } from "../../../../src/chat/pages/chatPageOpeningReads";
import { chatStore } from "../../../../src/chat/state/chatStore";
import { API } from "../../utils/handlers";
import { signInForTest } from "../../utils/renderApp";
import { server } from "../../utils/server";
import { CONVERSATION_ID, makeConversation, makeSegment, resetChatState } from "./chatTestUtils";

const at = (address: string) => new URL(address, "http://localhost") as unknown as Location;

describe("opening a conversation from the address", () => {
  afterEach(() => {
    resetChatState();
    authActions.reset();
  });

  it("makes ?c= current and requests the conversation before anything renders", async () => {
    let reads = 0;
    server.use(
      http.get(`${API}/userConversations/${CONVERSATION_ID}`, () => {
        reads++;
        return HttpResponse.json(makeConversation([makeSegment(1)]));
      }),
    );
    signInForTest();
    const queryClient = createQueryClient();
    const started = readChatPageAtOpening(queryClient, at(`/chat?c=${CONVERSATION_ID}`));
    expect(chatStore.getState().currentConversationId).toBe(CONVERSATION_ID);
    await Promise.all(started);
    expect(queryClient.getQueryData(conversationKeys.one(CONVERSATION_ID))).toMatchObject({
      conversationId: CONVERSATION_ID,
    });
    expect(reads).toBe(1);
  });

  it("reads what every chat page shows first, with or without a conversation in the address", async () => {
    signInForTest();
    const queryClient = createQueryClient();
    await Promise.all(readChatPageAtOpening(queryClient, at("/chat")));
    expect(chatStore.getState().currentConversationId).toBeNull();
    expect(
      queryClient
        .getQueryCache()
        .getAll()
        .map((query) => query.queryKey[query.queryKey.length - 1]),
    ).toEqual(["available", "pendingConsent", "uploadLimits"]);
  });

  it("leaves other pages and signed-out visits alone", () => {
    signInForTest();
    const queryClient = createQueryClient();
    expect(readChatPageAtOpening(queryClient, at(`/chat/agents?c=${CONVERSATION_ID}`))).toEqual([]);
    expect(readChatPageAtOpening(queryClient, at("/admin"))).toEqual([]);
    authActions.reset();
    expect(readChatPageAtOpening(queryClient, at(`/chat?c=${CONVERSATION_ID}`))).toEqual([]);
    expect(chatStore.getState().currentConversationId).toBeNull();
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
  });
});

describe("estimated row heights", () => {
  const question = "Question 5: how does part 5 of the streaming design work?";
  const desktopList = 1360;

  it("matches the rendered height of a one-line question with a two-line answer on a desktop", () => {
    const answer =
      "Short answer: yes. Turn 5 only needs the previous segment's id as its parent, and the server selects the newest leaf below it.";
    // 209.5 px measured in Chromium at 1440 × 900.
    expect(estimateRowHeight(question, answer, desktopList)).toBeCloseTo(209.5, -1);
  });

  it("counts code lines, table rows and display formulas", () => {
    const code = "A minimal example:\n\n```ts\nconst a = 1;\nconst b = 2;\nconst c = 3;\n```\n\nDone.";
    const table = "| A | B |\n|---|---|\n| 1 | 2 |\n| 3 | 4 |\n\nBoth.";
    const formula = "The sum:\n\n$$\n\\sum_{k=1}^{n} k\n$$\n\nDone.";
    // 361, 317 and 304 px measured in Chromium at 1440 × 900.
    expect(estimateRowHeight(question, code, desktopList)).toBeCloseTo(361, -1);
    expect(estimateRowHeight(question, table, desktopList)).toBeCloseTo(317, -1);
    expect(estimateRowHeight(question, formula, desktopList)).toBeCloseTo(304, -1);
  });

  it("wraps more lines in a narrow list", () => {
    // 1,000 characters: about 11 lines of the desktop's 760 px text column, 26 of a phone's 318 px.
    const answer = "word ".repeat(200);
    const extraLines =
      (estimateRowHeight(question, answer, 390) - estimateRowHeight(question, answer, desktopList)) / 26.4;
    expect(extraLines).toBeGreaterThanOrEqual(14);
    expect(extraLines).toBeLessThanOrEqual(17);
  });
});
