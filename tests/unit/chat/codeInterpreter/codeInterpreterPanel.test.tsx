/**
 * The code interpreter under an answer: the code and output as markdown, images
 * inline, every file a download through GET …/openAIFiles/{fileId} (named by the
 * server), and the spec §8 blob error when the download fails.
 */
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { preloadMarkdown } from "../../../../src/chat/markdown/markdownLoader";
import { CodeInterpreterPanel } from "../../../../src/chat/codeInterpreter/CodeInterpreterPanel";
import { SegmentCodeInterpreter } from "../../../../src/chat/codeInterpreter/SegmentCodeInterpreter";
import type { ConversationSegment } from "../../../../src/chat/conversation/conversationTypes";
import { chatStore } from "../../../../src/chat/state/chatStore";
import type { LiveAnswer } from "../../../../src/chat/stream/liveAnswerStore";
import type { components } from "../../../../src/generated/api";
import { API } from "../../utils/handlers";
import { server } from "../../utils/server";

type FileReference = components["schemas"]["OpenAIFileReference"];

const CONVERSATION_ID = "11111111-1111-4111-8111-000000000001";
const SEGMENT_ID = "22222222-2222-4222-8222-000000000001";
const files: FileReference[] = [
  { reference: "/mnt/data/summary.csv", fileId: "33333333-3333-4333-8333-000000000001", fileName: "summary.csv", mimeType: "text/csv", byteSize: 33, imageUrl: null },
  {
    reference: "/mnt/data/chart.png",
    fileId: "33333333-3333-4333-8333-000000000002",
    fileName: "chart.png",
    mimeType: "image/png",
    byteSize: 1520,
    imageUrl: `/generatedImages/${CONVERSATION_ID}/${SEGMENT_ID}/${"k".repeat(43)}/chart.png`,
  },
];
const markdown = "```python\nprint('north', 42)\n```\n\n~~~~text\nnorth 42\n~~~~\n\n";

function renderPanel() {
  render(
    <CodeInterpreterPanel markdown={markdown} streaming={false} conversationId={CONVERSATION_ID} conversationSegmentId={SEGMENT_ID} files={files} />,
  );
  return screen.getByRole("region", { name: "Code interpreter" });
}

let clicked: { href: string; download: string }[] = [];
beforeEach(() => {
  clicked = [];
  // jsdom has no object URLs and does not download.
  URL.createObjectURL = vi.fn(() => "blob:http://localhost/1");
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push({ href: this.href, download: this.download });
  });
});

// The renderer loads on demand (plain text until then); these tests are about its output.
beforeAll(() => preloadMarkdown());

describe("CodeInterpreterPanel", () => {
  it("shows the code, its output, the image inline and one download per file", () => {
    const panel = renderPanel();
    expect(within(panel).getByText("print('north', 42)")).toBeInTheDocument();
    expect(within(panel).getByText("north 42")).toBeInTheDocument();
    expect(within(panel).getByRole("img", { name: "chart.png" })).toHaveAttribute("src", files[1]!.imageUrl);
    const list = within(panel).getByRole("list", { name: "Generated files" });
    expect(within(list).getAllByRole("button").map((b) => b.textContent)).toEqual(["summary.csv (33 B)", "chart.png (1.5 KiB)"]);
  });

  it("downloads a file through the authenticated API under the server's name", async () => {
    server.use(
      http.get(`${API}/userConversations/${CONVERSATION_ID}/segments/${SEGMENT_ID}/openAIFiles/${files[0]!.fileId}`, () =>
        HttpResponse.text("region,total\r\n", {
          headers: { "content-type": "application/octet-stream", "content-disposition": 'attachment; filename="summary.csv"' },
        }),
      ),
    );
    const panel = renderPanel();
    await userEvent.setup().click(within(panel).getByRole("button", { name: "summary.csv (33 B)" }));
    await waitFor(() => expect(clicked).toEqual([{ href: "blob:http://localhost/1", download: "summary.csv" }]));
  });

  it("says which status a failed download had", async () => {
    server.use(
      http.get(`${API}/userConversations/${CONVERSATION_ID}/segments/${SEGMENT_ID}/openAIFiles/${files[0]!.fileId}`, () =>
        HttpResponse.json({ title: "Not Found", status: 404 }, { status: 404, headers: { "content-type": "application/problem+json" } }),
      ),
    );
    const panel = renderPanel();
    await userEvent.setup().click(within(panel).getByRole("button", { name: "summary.csv (33 B)" }));
    expect(await within(panel).findByRole("alert")).toHaveTextContent("Failed to fetch blob, status: 404");
    expect(clicked).toEqual([]);
  });

  it("shows nothing when the code interpreter was not used", () => {
    const { container } = render(<CodeInterpreterPanel markdown="" streaming={false} conversationId={null} conversationSegmentId={null} files={[]} />);
    expect(container).toBeEmptyDOMElement();
  });
});

describe("SegmentCodeInterpreter", () => {
  const segment = {
    conversationSegmentId: SEGMENT_ID,
    codeInterpreterResponse: "```python\nprint('stored')\n```\n\n",
    openAIFileReferences: files,
  } as unknown as ConversationSegment;

  it("shows the streamed response while this answer is live, and the stored one after", async () => {
    chatStore.setState({ codeInterpreterResponse: "```python\nprint('streaming')\n```\n\n", codeInterpreterUpdating: true });
    const live = { conversationId: CONVERSATION_ID, segmentId: SEGMENT_ID } as LiveAnswer;
    const { rerender } = render(<SegmentCodeInterpreter conversationId={CONVERSATION_ID} segment={null} live={live} />);
    // The panel loads with the first answer that has code interpreter output.
    expect(await screen.findByText("print('streaming')")).toBeInTheDocument();
    rerender(<SegmentCodeInterpreter conversationId={CONVERSATION_ID} segment={segment} live={null} />);
    expect(screen.getByText("print('stored')")).toBeInTheDocument();
    expect(screen.queryByText("print('streaming')")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "summary.csv (33 B)" })).toBeInTheDocument();
  });
});
