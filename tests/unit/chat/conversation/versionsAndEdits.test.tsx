import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import type { components } from "../../../../src/generated/api";
import { API } from "../../utils/handlers";
import { server } from "../../utils/server";
import {
  CONVERSATION_ID,
  encodeFrame,
  makeConversation,
  makeSegment,
  renderChatPage,
  segmentId,
  setUpChatPageTests,
} from "./chatTestUtils";

setUpChatPageTests();

type Segment = components["schemas"]["ConversationSegment"];

const rowOf = (question: string) => screen.getByText(question).closest("[data-index]") as HTMLElement;

/**
 * A conversation tree served as the server does: GET answers the selected path, and
 * updateSelectedLeafSegmentId selects the newest leaf below the segment it is given.
 *   1 ─┬─ 2 ─┬─ 3      (3 shown at first: an older answer of question 2's first version)
 *      │     └─ 4      (its regenerated answer, newer)
 *      └─ 5 ── 6      (question 2 edited)
 */
function serveTree() {
  const tree: Segment[] = [
    makeSegment(1),
    makeSegment(2),
    makeSegment(3, { parentSegmentId: segmentId(2), question: "Question 3" }),
    makeSegment(4, { parentSegmentId: segmentId(2), question: "Question 3", answer: "Answer 3, regenerated" }),
    makeSegment(5, { parentSegmentId: segmentId(1), question: "Question 2, edited", answer: "Answer 2, edited" }),
    makeSegment(6, { parentSegmentId: segmentId(5), question: "Question 3 after the edit" }),
  ];
  const children = (id: string | null) => tree.filter((s) => s.parentSegmentId === id);
  let selected = segmentId(3);
  const path = () => {
    const shown: Segment[] = [];
    for (let id: string | null = selected; id !== null;) {
      const segment: Segment = tree.find((s) => s.conversationSegmentId === id)!;
      shown.unshift({ ...segment, siblingIds: children(segment.parentSegmentId).map((s) => s.conversationSegmentId) });
      id = segment.parentSegmentId;
    }
    return makeConversation(shown);
  };
  const puts: string[] = [];
  // An edited question: a new segment under the edited one's parent, answered at once.
  const edited = (question: string, parentSegmentId: string | null) => {
    const n = tree.length + 1;
    tree.push(makeSegment(n, { parentSegmentId, question, answer: `Answer to ${question}` }));
    selected = segmentId(n);
    const body = [
      encodeFrame("conversation-and-segment-id", { conversationId: CONVERSATION_ID, conversationSegmentId: selected }),
      encodeFrame("response-updated", `Answer to ${question}`),
      encodeFrame("response-model", {
        conversationSegmentId: selected,
        status: "Complete",
        citations: [],
        errorText: null,
      }),
      encodeFrame("no-more-data", null),
    ].join("");
    return new HttpResponse(body, { headers: { "content-type": "text/event-stream" } });
  };
  server.use(
    http.post(`${API}/userConversations/${CONVERSATION_ID}/segments`, async ({ request }) => {
      const { question, parentSegmentId } = (await request.json()) as {
        question: string;
        parentSegmentId: string | null;
      };
      return edited(question, parentSegmentId);
    }),
    http.get(`${API}/userConversations/${CONVERSATION_ID}`, () => HttpResponse.json(path())),
    http.put(`${API}/userConversations/${CONVERSATION_ID}/updateSelectedLeafSegmentId`, async ({ request }) => {
      const { conversationSegmentId } = (await request.json()) as { conversationSegmentId: string };
      puts.push(conversationSegmentId);
      selected = conversationSegmentId;
      for (let below = children(selected); below.length > 0; below = children(selected))
        selected = below.at(-1)!.conversationSegmentId;
      return HttpResponse.json(path());
    }),
  );
  return { puts };
}

async function switchVersion(row: HTMLElement, direction: "Previous version" | "Next version") {
  await userEvent.setup().click(within(row).getByRole("button", { name: direction }));
}

describe("versions and edited questions", () => {
  it("shows a branch again as it was left, not down to its newest answer", async () => {
    const { puts } = serveTree();
    renderChatPage({ conversationId: CONVERSATION_ID });
    expect(await screen.findByText("Answer 3")).toBeInTheDocument();
    await switchVersion(rowOf("Question 2"), "Next version");
    expect(await screen.findByText("Answer 2, edited")).toBeInTheDocument();
    expect(screen.getByText("Question 3 after the edit")).toBeInTheDocument();
    await switchVersion(rowOf("Question 2, edited"), "Previous version");
    // The answer that was shown under the first version, not the newer regenerated one.
    expect(await screen.findByText("Answer 3")).toBeInTheDocument();
    expect(screen.queryByText("Answer 3, regenerated")).not.toBeInTheDocument();
    expect(puts).toEqual([segmentId(5), segmentId(3)]);
  });

  it("remembers the version chosen further down a branch that was left", async () => {
    const { puts } = serveTree();
    renderChatPage({ conversationId: CONVERSATION_ID });
    await screen.findByText("Answer 3");
    await switchVersion(rowOf("Question 3"), "Next version");
    expect(await screen.findByText("Answer 3, regenerated")).toBeInTheDocument();
    await switchVersion(rowOf("Question 2"), "Next version");
    expect(await screen.findByText("Answer 2, edited")).toBeInTheDocument();
    await switchVersion(rowOf("Question 2, edited"), "Previous version");
    // The version chosen last under question 2's first version.
    expect(await screen.findByText("Answer 3, regenerated")).toBeInTheDocument();
    expect(puts).toEqual([segmentId(4), segmentId(5), segmentId(4)]);
  });

  it("shows a branch as last shown, also when it was left by editing a question above, not by a switch", async () => {
    const { puts } = serveTree();
    renderChatPage({ conversationId: CONVERSATION_ID });
    const user = userEvent.setup();
    expect(await screen.findByText("Answer 3")).toBeInTheDocument();
    await switchVersion(rowOf("Question 3"), "Next version");
    expect(await screen.findByText("Answer 3, regenerated")).toBeInTheDocument();
    await switchVersion(rowOf("Answer 3, regenerated"), "Previous version");
    expect(await screen.findByText("Answer 3")).toBeInTheDocument();
    // Question 2 edited: its first version is left without a switch.
    await user.click(within(rowOf("Question 2")).getByRole("button", { name: "Edit question" }));
    await user.keyboard(" again{Enter}");
    expect(await screen.findByText("Answer to Question 2 again")).toBeInTheDocument();
    await waitFor(() => expect(within(rowOf("Question 2 again")).getByRole("group")).toHaveTextContent("3/3"));
    await switchVersion(rowOf("Question 2 again"), "Previous version");
    expect(await screen.findByText("Answer 2, edited")).toBeInTheDocument();
    await switchVersion(rowOf("Answer 2, edited"), "Previous version");
    // As it was last shown: the first answer to question 3, not the newer one.
    expect(await screen.findByText("Answer 3")).toBeInTheDocument();
    expect(puts).toEqual([segmentId(4), segmentId(3), segmentId(5), segmentId(3)]);
  });

  it("does not send an edited question that shows nothing (zero-width spaces, a lone combining mark)", async () => {
    serveTree();
    const posted: unknown[] = [];
    server.use(
      http.post(`${API}/userConversations/${CONVERSATION_ID}/segments`, async ({ request }) => {
        posted.push(await request.json());
        return HttpResponse.json({ title: "Bad Request", status: 400 }, { status: 400 });
      }),
    );
    renderChatPage({ conversationId: CONVERSATION_ID });
    const user = userEvent.setup();
    await screen.findByText("Answer 3");
    await user.click(within(rowOf("Question 2")).getByRole("button", { name: "Edit question" }));
    const editor = screen.getByRole("textbox", { name: "Edit question" });
    fireEvent.change(editor, { target: { value: "\u200b\u0301" } });
    expect(within(editor.closest("form")!).getByRole("button", { name: "Send" })).toBeDisabled();
    await user.keyboard("{Enter}");
    expect(posted).toEqual([]);
    expect(editor).toBeInTheDocument();
  });

  it("opens one question editor at a time", async () => {
    serveTree();
    renderChatPage({ conversationId: CONVERSATION_ID });
    const user = userEvent.setup();
    await screen.findByText("Answer 3");
    await user.click(within(rowOf("Question 2")).getByRole("button", { name: "Edit question" }));
    await user.keyboard(" first");
    await user.click(within(rowOf("Question 3")).getByRole("button", { name: "Edit question" }));
    expect(screen.getAllByRole("textbox", { name: "Edit question" })).toHaveLength(1);
    expect(screen.getByRole("textbox", { name: "Edit question" })).toHaveValue("Question 3");
    expect(screen.getByRole("textbox", { name: "Edit question" })).toHaveFocus();
    expect(within(rowOf("Question 2")).getByRole("button", { name: "Edit question" })).toBeInTheDocument();
  });

  it("keeps what was typed in a question's editor while another version is looked at", async () => {
    serveTree();
    renderChatPage({ conversationId: CONVERSATION_ID });
    const user = userEvent.setup();
    await screen.findByText("Answer 3");
    await user.click(within(rowOf("Question 2")).getByRole("button", { name: "Edit question" }));
    await user.keyboard(", said better");
    await switchVersion(rowOf("Answer 2"), "Next version");
    expect(await screen.findByText("Answer 2, edited")).toBeInTheDocument();
    expect(screen.queryByRole("textbox", { name: "Edit question" })).not.toBeInTheDocument();
    const switcher = within(rowOf("Question 2, edited")).getByRole("button", { name: "Previous version" });
    await user.click(switcher);
    const editor = await screen.findByRole("textbox", { name: "Edit question" });
    expect(editor).toHaveValue("Question 2, said better");
    // Shown again, not opened: the focus stays where the reader is.
    await waitFor(() => expect(screen.getByText("Answer 3")).toBeInTheDocument());
    expect(editor).not.toHaveFocus();
  });
});
