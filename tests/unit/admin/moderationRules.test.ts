import { describe, expect, it } from "vitest";
import { creatorActionBlocked, notesError } from "../../../src/admin/resources/moderation/decisionFormRules";
import { spacedWords } from "../../../src/admin/resources/moderation/reportLabels";

const can = { isBannedFromCreatingAgents: false, isBannedFromSharingAgents: false };

describe("moderation decision rules (spec §5)", () => {
  it("requires a note of at most 500 characters", () => {
    expect(notesError("  ")).toBe("moderation.notesRequired");
    expect(notesError("x".repeat(500))).toBeNull();
    expect(notesError("x".repeat(501))).toBe("moderation.notesTooLong");
  });

  it("offers BlockAgentCreation only while the creator can create, BlockAgentSharing only while they can create and share", () => {
    expect(
      creatorActionBlocked("TakeNoAction", { isBannedFromCreatingAgents: true, isBannedFromSharingAgents: true }),
    ).toBeNull();
    expect(creatorActionBlocked("BlockAgentCreation", can)).toBeNull();
    expect(creatorActionBlocked("BlockAgentSharing", can)).toBeNull();
    const noCreating = { ...can, isBannedFromCreatingAgents: true };
    expect(creatorActionBlocked("BlockAgentCreation", noCreating)).toBe("moderation.creatorBlockedFromCreating");
    expect(creatorActionBlocked("BlockAgentSharing", noCreating)).toBe("moderation.creatorBlockedFromCreating");
    const noSharing = { ...can, isBannedFromSharingAgents: true };
    expect(creatorActionBlocked("BlockAgentCreation", noSharing)).toBeNull();
    expect(creatorActionBlocked("BlockAgentSharing", noSharing)).toBe("moderation.creatorBlockedFromSharing");
  });

  it("shows camel-case report reasons as spaced words (spec §3)", () => {
    expect(spacedWords("HateOrHarassment")).toBe("Hate Or Harassment");
    expect(spacedWords("Spam")).toBe("Spam");
  });
});
