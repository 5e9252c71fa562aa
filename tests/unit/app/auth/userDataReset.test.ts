/** What the page holds for one user is forgotten before another user is shown anything (a shared computer). */
import { afterEach, describe, expect, it, vi } from "vitest";
import { authActions, authStore } from "../../../../src/app/auth/authStore";
import { onUserDataReset, resetUserData } from "../../../../src/app/auth/userDataReset";
import { composerFilesStore } from "../../../../src/chat/attachments/composerFilesStore";
import { composerStore } from "../../../../src/chat/composer/composerStore";
import { questionEditorActions, useQuestionEditorText } from "../../../../src/chat/conversation/questionEditorStore";
import { chatActions, chatStore } from "../../../../src/chat/state/chatStore";
import { liveAnswerActions, liveAnswerStore } from "../../../../src/chat/stream/liveAnswerStore";
import { renderHook } from "@testing-library/react";
import { makeToken } from "../../utils/token";

const ALICE = "00000000-0000-4000-8000-00000000000a";
const BOB = "00000000-0000-4000-8000-00000000000b";
const signIn = (sub: string) =>
  authActions.setToken(makeToken({ sub }), { identityProvider: "local", iGenerateTokenRequest: {} });

let unregister: (() => void) | undefined;
afterEach(() => unregister?.());

describe("signing in after a forced sign-out", () => {
  it("keeps the page of the same user, and forgets it for another one", () => {
    const reset = vi.fn();
    unregister = onUserDataReset(reset);
    signIn(ALICE);
    authActions.clearTokenAndAccount(); // refused by the server: the page goes to the login
    authActions.setPathToVisitAfterLogin("/chat?c=alices-conversation");

    signIn(ALICE);
    expect(reset).not.toHaveBeenCalled();
    expect(authStore.getState().pathToVisitAfterLogin).toBe("/chat?c=alices-conversation");

    authActions.clearTokenAndAccount();
    signIn(BOB);
    expect(reset).toHaveBeenCalledTimes(1);
    expect(authStore.getState().pathToVisitAfterLogin).toBeNull();
    expect(authStore.getState().lastUserId).toBe(BOB);
  });

  it("forgets nothing when the first user signs in", () => {
    const reset = vi.fn();
    unregister = onUserDataReset(reset);
    signIn(BOB);
    expect(reset).not.toHaveBeenCalled();
  });
});

describe("the chat's user data", () => {
  it("is forgotten: the open conversation, the typed and attached, the answer coming, the question edited", () => {
    chatActions.setCurrentConversation("alices-conversation");
    composerStore.setState({ draft: "Alice's draft" });
    composerFilesStore.setState({
      files: [
        {
          id: "file-1",
          name: "alice-notes.txt",
          size: 35,
          kind: "document",
          status: "ready",
          progress: 1,
          previewUrl: null,
          refusal: null,
          failure: null,
          visionImage: null,
          attachment: null,
        },
      ],
    });
    liveAnswerActions.start({
      kind: "ask",
      conversationId: "alices-conversation",
      segmentId: null,
      question: "Alice's question",
      parentSegmentId: undefined,
      visionImageIds: [],
      attachmentIds: [],
    });
    questionEditorActions.open("alices-segment", "Alice's edit");

    resetUserData();

    expect(chatStore.getState().currentConversationId).toBeNull();
    expect(composerStore.getState().draft).toBe("");
    expect(composerFilesStore.getState().files).toEqual([]);
    expect(liveAnswerStore.getState().live).toBeNull();
    expect(renderHook(() => useQuestionEditorText("alices-segment")).result.current).toBeUndefined();
  });

  it("is forgotten by the admin area too: its lists' remembered searches and filters", async () => {
    await import("../../../../src/admin/resources/RegistryAdmin");
    window.localStorage.setItem("RaStoreadmin.users.listParams", JSON.stringify({ filter: { q: "alice" } }));
    window.localStorage.setItem("publicChatSession:help-desk", "a visitor's session"); // not a user's: stays
    resetUserData();
    expect(window.localStorage.getItem("RaStoreadmin.users.listParams")).toBeNull();
    expect(window.localStorage.getItem("publicChatSession:help-desk")).toBe("a visitor's session");
  });
});
