import { describe, expect, it } from "vitest";
import { chatPagePath, isChatPagePath } from "../../../../src/chat/navigation/chatPaths";

describe("chat page addresses", () => {
  it("names the agent in the path and the conversation in ?c=", () => {
    expect(chatPagePath()).toBe("/chat");
    expect(chatPagePath({ gptSystemId: "a1" })).toBe("/chat/a1");
    expect(chatPagePath({ conversationId: "c 1" })).toBe("/chat?c=c%201");
  });

  it("knows which paths show the chat page", () => {
    expect(isChatPagePath("/chat")).toBe(true);
    expect(isChatPagePath("/chat/a1")).toBe(true);
    expect(isChatPagePath("/chat/agents")).toBe(false);
    expect(isChatPagePath("/chat/agents/configstate/x/edit")).toBe(false);
    expect(isChatPagePath("/public-chat/desk")).toBe(false);
  });
});
