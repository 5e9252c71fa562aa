/**
 * Citations under an answer: the list (title, page, snippet), [n] markers linked
 * to it, the source opened through GET …/citations (a PDF in a new tab at its
 * page, other files as a download), the spec §8 blob error, and citations that
 * arrive with a streamed answer's response-model.
 */
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { toastStore } from "../../../../src/app/toast/toastStore";
import type { components } from "../../../../src/generated/api";
import { API } from "../../utils/handlers";
import { server } from "../../utils/server";
import {
  CONVERSATION_ID,
  controlledStream,
  makeConversation,
  makeSegment,
  renderChatPage,
  segmentId,
  setUpChatPageTests,
} from "../conversation/chatTestUtils";

type Citation = components["schemas"]["Citation"];

setUpChatPageTests();

const ATTACHMENT_ID = "55555555-5555-4555-8555-000000000002";
const citations: Citation[] = [
  {
    title: "launch-plan.pdf",
    path: `attachments/${ATTACHMENT_ID}/launch-plan.pdf`,
    page: 3,
    snippet: "The launch code is AURORA-7 and it is kept on page three.",
    fileId: ATTACHMENT_ID,
  },
  { title: "notes.md", path: "attachments/x/notes.md", page: null, snippet: "Budget notes.", fileId: "x" },
];

function conversationWithCitations() {
  return makeConversation([
    makeSegment(1, {
      question: "What is the launch code?",
      answer: "The code is AURORA-7 [1], see also the notes [2].",
      citations,
    }),
  ]);
}

/** Every object URL made, with its blob (the page makes others too, e.g. for avatars). */
let objectUrls: { blob: Blob; url: string }[] = [];
beforeEach(() => {
  objectUrls = [];
  // jsdom has no object URLs.
  URL.createObjectURL = vi.fn((blob: Blob) => {
    const url = `blob:http://localhost/${objectUrls.length + 1}`;
    objectUrls.push({ blob, url });
    return url;
  });
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.restoreAllMocks());

async function openConversation() {
  server.use(
    http.get(`${API}/userConversations/${CONVERSATION_ID}`, () => HttpResponse.json(conversationWithCitations())),
  );
  renderChatPage({ conversationId: CONVERSATION_ID });
  return screen.findByRole("region", { name: "Sources" });
}

describe("citations", () => {
  it("lists title, page and snippet under the answer, and links the [n] markers to them", async () => {
    const sources = await openConversation();
    const items = within(sources).getAllByTestId("citation");
    expect(items.map((item) => item.textContent)).toEqual([
      "1launch-plan.pdfpage 3The launch code is AURORA-7 and it is kept on page three.",
      "2notes.mdBudget notes.",
    ]);
    expect(within(sources).getByRole("button", { name: /^1\s*launch-plan\.pdf\s*page 3$/ })).toBe(items[0]);

    const answer = screen.getByTestId("answer");
    // The markers become links once the markdown renderer has loaded.
    const marker = await within(answer).findByRole("link", { name: "[1]" });
    expect(marker).toHaveAttribute("href", `#citation-${segmentId(1)}-1`);
    expect(within(answer).getByRole("link", { name: "[2]" })).toHaveAttribute("href", `#citation-${segmentId(1)}-2`);

    await userEvent.setup().click(marker);
    expect(items[0]).toHaveFocus();
    expect(items[0]).toHaveAttribute("data-highlighted", "true");
    expect(window.location.hash).toBe("");
  });

  it("opens a cited PDF in a new tab at its page, through the citations endpoint with the token", async () => {
    const requests: { url: URL; auth: string | null }[] = [];
    server.use(
      http.get(`${API}/userConversations/:conversationId/segments/:segmentId/citations`, ({ request }) => {
        requests.push({ url: new URL(request.url), auth: request.headers.get("authorization") });
        return new HttpResponse("%PDF-1.4 the plan", {
          headers: {
            "content-type": "application/octet-stream",
            "content-disposition": `attachment; filename="launch-plan.pdf"; filename*=UTF-8''launch-plan.pdf`,
          },
        });
      }),
    );
    const tab = { opener: {} as unknown };
    const open = vi.spyOn(window, "open").mockReturnValue(tab as Window);
    const sources = await openConversation();

    await userEvent.setup().click(within(sources).getByRole("button", { name: /^1\s*launch-plan\.pdf\s*page 3$/ }));

    await waitFor(() => expect(open).toHaveBeenCalledTimes(1));
    const pdf = objectUrls.find(({ blob }) => blob.type === "application/pdf")!;
    expect(open).toHaveBeenCalledWith(`${pdf.url}#page=3`, "_blank");
    expect(await pdf.blob.text()).toBe("%PDF-1.4 the plan");
    expect(tab.opener).toBeNull();
    expect(requests).toHaveLength(1);
    expect(requests[0]!.url.pathname).toBe(
      `${API}/userConversations/${CONVERSATION_ID}/segments/${segmentId(1)}/citations`,
    );
    expect(Object.fromEntries(requests[0]!.url.searchParams)).toEqual({
      title: "launch-plan.pdf",
      path: `attachments/${ATTACHMENT_ID}/launch-plan.pdf`,
    });
    expect(requests[0]!.auth).toMatch(/^Bearer /);
  });

  it("saves other files as a download named by the server", async () => {
    server.use(
      http.get(
        `${API}/userConversations/:conversationId/segments/:segmentId/citations`,
        () =>
          new HttpResponse("# Budget", {
            headers: {
              "content-type": "application/octet-stream",
              "content-disposition": 'attachment; filename="notes.md"',
            },
          }),
      ),
    );
    const open = vi.spyOn(window, "open");
    const clicked: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });
    const sources = await openConversation();

    await userEvent.setup().click(within(sources).getByRole("button", { name: /^2\s*notes\.md$/ }));

    await waitFor(() => expect(clicked).toHaveLength(1));
    const source = objectUrls.at(-1)!;
    expect(await source.blob.text()).toBe("# Budget");
    expect(clicked).toEqual([{ href: source.url, download: "notes.md" }]);
    expect(open).not.toHaveBeenCalled();
  });

  it("says 'Failed to fetch blob, status: 404' when the source is gone", async () => {
    server.use(
      http.get(`${API}/userConversations/:conversationId/segments/:segmentId/citations`, () =>
        HttpResponse.json(
          { type: "about:blank", title: "Not Found", status: 404, detail: "The cited file no longer exists." },
          { status: 404, headers: { "content-type": "application/problem+json" } },
        ),
      ),
    );
    const sources = await openConversation();
    await userEvent.setup().click(within(sources).getByRole("button", { name: /^1\s*launch-plan\.pdf\s*page 3$/ }));
    await waitFor(() =>
      expect(toastStore.getState().toasts).toEqual([
        expect.objectContaining({ message: "Failed to fetch blob, status: 404", variant: "error" }),
      ]),
    );
  });

  it("shows the citations a streamed answer's response-model carries", async () => {
    const stream = controlledStream();
    server.use(
      http.get(`${API}/userConversations/${CONVERSATION_ID}`, () =>
        HttpResponse.json(makeConversation([makeSegment(1, { answer: "Earlier answer." })])),
      ),
      http.post(`${API}/userConversations/${CONVERSATION_ID}/segments`, () => stream.response()),
    );
    renderChatPage({ conversationId: CONVERSATION_ID });
    const user = userEvent.setup();
    await screen.findByText("Earlier answer.");
    await user.type(screen.getByRole("textbox", { name: "Message" }), "What is the launch code?{Enter}");
    stream.send("conversation-and-segment-id", {
      conversationId: CONVERSATION_ID,
      conversationSegmentId: segmentId(2),
    });
    stream.send("response-updated", "AURORA-7 [1]");
    expect(await screen.findByText(/AURORA-7/)).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Sources" })).not.toBeInTheDocument();

    stream.send("response-model", {
      conversationSegmentId: segmentId(2),
      status: "Complete",
      citations: [citations[0]],
      errorText: null,
    });

    const sources = await screen.findByRole("region", { name: "Sources" });
    expect(within(sources).getByRole("button", { name: /^1\s*launch-plan\.pdf\s*page 3$/ })).toHaveTextContent(
      "page 3",
    );
    stream.close();
  });
});
