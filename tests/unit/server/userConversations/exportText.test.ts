import { describe, expect, it } from "vitest";
import { exportText } from "../../../../src/server/features/userConversations/exportText";
import { makeConversation, makeSegment } from "../../chat/conversation/conversationFixtures";

describe("a conversation exported as text", () => {
  it("marks each answer that did not complete, with the error that ended it, and one still being written", () => {
    const text = exportText(
      makeConversation([
        makeSegment(1, { question: "First?", answer: "Done." }),
        makeSegment(2, {
          question: "Second?",
          answer: "Half",
          status: "Failed",
          errorText: "The model server reported an error while answering: Overloaded",
        }),
        makeSegment(3, {
          question: "Third?",
          answer: "",
          status: "Failed",
          errorText: "The model returned no answer. Try again.",
        }),
        makeSegment(4, { question: "Fourth?", answer: "Cut", status: "Aborted" }),
        makeSegment(5, { question: "Fifth?", answer: "So far", status: "Streaming" }),
      ]),
    );
    const body = text.split("\n").slice(4).join("\n");
    expect(body).toBe(
      [
        "User:",
        "First?",
        "",
        "Atlas:",
        "Done.",
        "",
        "User:",
        "Second?",
        "",
        "Atlas (failed):",
        "Half",
        "",
        "The model server reported an error while answering: Overloaded",
        "",
        "User:",
        "Third?",
        "",
        "Atlas (failed):",
        "The model returned no answer. Try again.",
        "",
        "User:",
        "Fourth?",
        "",
        "Atlas (stopped):",
        "Cut",
        "",
        "User:",
        "Fifth?",
        "",
        "Atlas (still being written):",
        "So far",
        "",
      ].join("\n"),
    );
  });
});
