import { describe, expect, it } from "vitest";
import { agentDisplayState, canEditAgent } from "../../../../src/chat/agents/agentDisplayState";

const own = { ownerIsCurrentUser: true };
const other = { ownerIsCurrentUser: false };

describe("agentDisplayState (spec §3)", () => {
  it("is banned when moderation banned the agent, whoever owns it", () => {
    expect(agentDisplayState({ moderationStatus: "Banned", gptSystemType: "System", ownership: other }, false)).toBe(
      "banned",
    );
    expect(agentDisplayState({ moderationStatus: "Banned", gptSystemType: "User", ownership: own }, true)).toBe(
      "banned",
    );
  });

  it("is blocked for the user's own personal agent while the user is banned from creating agents", () => {
    expect(agentDisplayState({ moderationStatus: null, gptSystemType: "User", ownership: own }, true)).toBe("blocked");
  });

  it("is normal otherwise", () => {
    expect(agentDisplayState({ moderationStatus: null, gptSystemType: "User", ownership: own }, false)).toBe("normal");
    expect(agentDisplayState({ moderationStatus: null, gptSystemType: "User", ownership: other }, true)).toBe("normal");
    expect(agentDisplayState({ moderationStatus: null, gptSystemType: "System", ownership: own }, true)).toBe("normal");
  });
});

describe("canEditAgent (spec §4)", () => {
  const agent = (gptSystemType: "User" | "System", ownership: { ownerIsCurrentUser: boolean }) => ({
    moderationStatus: null,
    gptSystemType,
    ownership,
  });

  it("offers editing only for the user's own personal agents in the normal state", () => {
    expect(canEditAgent(agent("User", own), "normal")).toBe(true);
    expect(canEditAgent(agent("User", own), "banned")).toBe(false);
    expect(canEditAgent(agent("User", own), "blocked")).toBe(false);
    expect(canEditAgent(agent("User", other), "normal")).toBe(false);
    expect(canEditAgent(agent("System", own), "normal")).toBe(false);
  });
});
