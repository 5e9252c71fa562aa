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

  it("names a question's documents, counts its images, and says how many were deleted since", () => {
    const file = (attachmentId: string, originalFileName: string) => ({
      attachmentId,
      originalFileName,
      byteSize: 10,
      mimeType: "application/pdf",
      type: "FileSearch" as const,
    });
    const image = (visionImageId: string) => ({
      visionImageId,
      blobFileName: `${visionImageId}.png`,
      thumbnailBlobFileName: `${visionImageId}-t.png`,
      mimeType: "image/png",
    });
    const text = exportText(
      makeConversation([
        makeSegment(1, {
          question: "Compare these?",
          answer: "They agree.",
          attachments: ["a1", "a2", "a3"],
          attachmentFiles: [file("a1", "report.pdf"), file("a3", "notes; v2, final.docx")],
          visionImages: ["i1", "i2"],
          visionImageFiles: [image("i1"), image("i2")],
        }),
        makeSegment(2, { question: "And this one?", answer: "Gone.", visionImages: ["i3"], visionImageFiles: [] }),
        makeSegment(3, { question: "Nothing attached?", answer: "No." }),
      ]),
    );
    expect(text.split("\n").slice(4, 20)).toEqual([
      "User:",
      "Compare these?",
      "[Attached: report.pdf]",
      "[Attached: notes; v2, final.docx]",
      "[Attached: 2 images]",
      "[Attached: 1 file deleted since]",
      "",
      "Atlas:",
      "They agree.",
      "",
      "User:",
      "And this one?",
      "[Attached: 1 file deleted since]",
      "",
      "Atlas:",
      "Gone.",
    ]);
    expect(text).toContain("User:\nNothing attached?\n\nAtlas:\nNo.");
  });
});
