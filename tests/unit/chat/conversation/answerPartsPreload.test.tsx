/**
 * The sources list and the code interpreter panel are chunks of their own. They load while a
 * conversation does, so an answer that has them shows them in the same paint as its text: rendered
 * before their chunk is there, they would appear only after React's 300 ms fallback throttle.
 * (A file of its own: the chunks must not have been loaded by an earlier test.)
 */
import { screen } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { API } from "../../utils/handlers";
import { server } from "../../utils/server";
import { CONVERSATION_ID, makeConversation, makeSegment, renderChatPage, setUpChatPageTests } from "./chatTestUtils";

setUpChatPageTests();

describe("an opened conversation's answer parts", () => {
  it("shows an answer's sources and its code interpreter output together with its text", async () => {
    server.use(
      http.get(`${API}/userConversations/${CONVERSATION_ID}`, () =>
        HttpResponse.json(
          makeConversation([
            makeSegment(1, {
              question: "What is the launch code?",
              answer: "The launch code is AURORA-7 [1].",
              citations: [
                {
                  title: "launch-plan.pdf",
                  path: "attachments/a/launch-plan.pdf",
                  page: 3,
                  snippet: "AURORA-7.",
                  fileId: "a",
                },
              ],
              codeInterpreterResponse: "```python\nprint(6 * 7)\n```\n\n```\n42\n```",
            }),
          ]),
        ),
      ),
    );
    renderChatPage({ conversationId: CONVERSATION_ID });
    expect(await screen.findByText(/The launch code is AURORA-7/)).toBeInTheDocument();
    // In the same render as the text: no wait.
    expect(screen.getByRole("region", { name: "Sources" })).toHaveTextContent("launch-plan.pdf");
    expect(screen.getByText("print(6 * 7)", { exact: false })).toBeInTheDocument();
  });
});
