import { afterEach, describe, expect, it } from "vitest";
import { composerActions, composerStore } from "../../../../src/chat/composer/composerStore";

const draft = () => composerStore.getState().draft;

afterEach(() => composerActions.reset());

describe("drafts per conversation", () => {
  it("keeps each conversation's draft with it", () => {
    composerActions.setDraft("For A");
    composerActions.switchConversation("A", "B");
    expect(draft()).toBe("");
    composerActions.setDraft("For B");
    composerActions.switchConversation("B", "A");
    expect(draft()).toBe("For A");
  });

  it("takes a draft left in a conversation that can no longer be asked in to the next chat", () => {
    composerActions.setDraft("Refused question");
    composerActions.switchConversation("gone", null, true);
    expect(draft()).toBe("Refused question");
    // Nothing stays behind for the closed conversation.
    composerActions.switchConversation(null, "gone");
    expect(draft()).toBe("");
  });

  it("puts it after the next conversation's own draft, so that neither is lost", () => {
    composerActions.setDraft("Own draft of B");
    composerActions.switchConversation("B", "gone");
    composerActions.setDraft("Refused question");
    composerActions.switchConversation("gone", "B", true);
    expect(draft()).toBe("Own draft of B\n\nRefused question");
  });
});
