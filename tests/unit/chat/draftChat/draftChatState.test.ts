import { describe, expect, it } from "vitest";
import { applyDraftFrame, emptyDraftChat, endTurn, withQuestion } from "../../../../src/chat/draftChat/draftChatState";

const ids = { conversationId: "c1", conversationSegmentId: "s1" };

describe("the test chat's state", () => {
  it("grows the newest turn from the chat's stream events, in order", () => {
    let state = withQuestion(emptyDraftChat, "Who are you?");
    for (const frame of [
      { event: "conversation-and-segment-id", data: ids },
      { event: "segment-answered-with-gpt-system", data: { gptSystemId: "a" } },
      { event: "step-update", data: "Generating the answer" },
      { event: "response-updated", data: "Draft" },
      { event: "response-updated", data: " answer" },
    ])
      state = applyDraftFrame(state, frame);
    expect(state).toMatchObject({ conversationId: "c1", title: "Who are you?" });
    expect(state.turns).toEqual([
      {
        question: "Who are you?",
        answer: "Draft answer",
        status: "Streaming",
        step: "Generating the answer",
        conversationSegmentId: "s1",
        citations: [],
      },
    ]);
    const citation = { title: "Guide.pdf", path: "guide.pdf", snippet: "…", fileId: "f1" };
    state = applyDraftFrame(state, {
      event: "response-model",
      data: { conversationSegmentId: "s1", status: "Complete", citations: [citation] },
    });
    state = applyDraftFrame(state, { event: "no-more-data", data: null });
    expect(state.turns[0]).toMatchObject({ status: "Complete", step: null, citations: [citation] });
  });

  it("appends error texts to the answer and keeps a Failed status from the response model", () => {
    let state = withQuestion(emptyDraftChat, "Q");
    state = applyDraftFrame(state, { event: "error", data: "\n\nThe model is rate limiting requests (429)." });
    state = applyDraftFrame(state, { event: "response-model", data: { status: "Failed", citations: [] } });
    state = applyDraftFrame(state, { event: "no-more-data", data: null });
    expect(state.turns[0]).toMatchObject({
      answer: "\n\nThe model is rate limiting requests (429).",
      status: "Failed",
    });
  });

  it("ends a turn still streaming as stopped, and leaves a finished one alone", () => {
    const streaming = withQuestion(emptyDraftChat, "Q");
    expect(endTurn(streaming, "Aborted").turns[0]!.status).toBe("Aborted");
    const done = applyDraftFrame(streaming, { event: "no-more-data", data: null });
    expect(endTurn(done, "Aborted").turns[0]!.status).toBe("Complete");
    expect(applyDraftFrame(emptyDraftChat, { event: "response-updated", data: "x" })).toBe(emptyDraftChat);
  });
});
