/** A question's images and documents, read back from the segment (after a reload): thumbnails, chips, the opened image. */
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import type { components } from "../../../../src/generated/api";
import { API } from "../../utils/handlers";
import { server } from "../../utils/server";
import {
  CONVERSATION_ID,
  controlledStream,
  makeConversation,
  makeSegment,
  renderChatPage,
  setUpChatPageTests,
} from "../conversation/chatTestUtils";

setUpChatPageTests();

const IMAGE_ID = "55555555-5555-4555-8555-00000000000a";
const ATTACHMENT_ID = "55555555-5555-4555-8555-00000000000b";

/** The stored image is a JPEG: its name comes with the segment, nothing is guessed. */
const imageFile: components["schemas"]["VisionImage"] = {
  visionImageId: IMAGE_ID,
  blobFileName: `${IMAGE_ID}.jpg`,
  thumbnailBlobFileName: `${IMAGE_ID}-thumbnail.webp`,
  mimeType: "image/jpeg",
};
const attachmentFile: components["schemas"]["SegmentAttachmentFile"] = {
  attachmentId: ATTACHMENT_ID,
  originalFileName: "budget 2026.pdf",
  byteSize: 2_411_724,
  mimeType: "application/pdf",
  type: "FileSearch",
};
const withFiles = {
  visionImages: [IMAGE_ID],
  attachments: [ATTACHMENT_ID],
  visionImageFiles: [imageFile],
  attachmentFiles: [attachmentFile],
};

const details: components["schemas"]["AttachmentDetails"] = {
  attachmentId: ATTACHMENT_ID,
  originalFileName: "budget 2026.pdf",
  type: "FileSearch",
  context: "Conversation",
  status: "Online",
  mimeType: "application/pdf",
  byteSize: 2_411_724,
  createdAt: "2025-12-01T10:00:00Z",
  errorText: null,
  pageCount: 12,
  chunkCount: 30,
};

/** A conversation of one question asked with an image and a document; what is asked next is recorded. */
function serveQuestionWithFiles() {
  const stream = controlledStream();
  const bodies: unknown[] = [];
  server.use(
    http.get(`${API}/userConversations/${CONVERSATION_ID}`, () =>
      HttpResponse.json(makeConversation([makeSegment(1, withFiles)])),
    ),
    http.get(`${API}/attachments/${ATTACHMENT_ID}`, () => HttpResponse.json(details)),
    http.get(`${API}/userConversations/VisionImages/${IMAGE_ID}/Files/:name/base64`, () =>
      HttpResponse.json({ base64Content: "VEhVTUI=", mimeType: "image/webp" }),
    ),
    http.post(`${API}/userConversations/${CONVERSATION_ID}/segments`, async ({ request }) => {
      bodies.push(await request.json());
      return stream.response();
    }),
  );
  return { stream, bodies };
}

describe("a question's files", () => {
  it("shows the thumbnails and chips of a stored question and opens an image larger", async () => {
    const imageReads: string[] = [];
    server.use(
      http.get(`${API}/userConversations/${CONVERSATION_ID}`, () =>
        HttpResponse.json(makeConversation([makeSegment(1, { question: "What is in these?", ...withFiles })])),
      ),
      http.get(`${API}/attachments/${ATTACHMENT_ID}`, () => HttpResponse.json(details)),
      http.get(`${API}/userConversations/VisionImages/${IMAGE_ID}/Files/:name/base64`, ({ params }) => {
        const name = String(params.name);
        imageReads.push(name);
        if (name === `${IMAGE_ID}-thumbnail.webp`)
          return HttpResponse.json({ base64Content: "VEhVTUI=", mimeType: "image/webp" });
        if (name === `${IMAGE_ID}.jpg`) return HttpResponse.json({ base64Content: "RlVMTA==", mimeType: "image/jpeg" });
        return HttpResponse.json(
          { type: "about:blank", title: "Not Found", status: 404 },
          { status: 404, headers: { "content-type": "application/problem+json" } },
        );
      }),
    );
    renderChatPage({ conversationId: CONVERSATION_ID });

    const files = await screen.findByRole("list", { name: "Files of this question" });
    expect(await within(files).findByRole("img", { name: "Image 1" })).toHaveAttribute(
      "src",
      "data:image/webp;base64,VEhVTUI=",
    );
    expect(await within(files).findByRole("group", { name: "budget 2026.pdf" })).toHaveTextContent(
      "budget 2026.pdf2.3 MiB",
    );

    await userEvent.setup().click(within(files).getByRole("button", { name: "Open image 1" }));
    const dialog = await screen.findByRole("dialog", { name: "Image 1" });
    const preview = await within(dialog).findByTestId("image-preview");
    expect(preview).toHaveAttribute("src", "data:image/jpeg;base64,RlVMTA==");
    // Spec §9: an image preview in a message is at most 400 px high.
    expect(preview.style.maxHeight).toBe("400px");
    await waitFor(() => expect(imageReads).toEqual([`${IMAGE_ID}-thumbnail.webp`, `${IMAGE_ID}.jpg`]));
  });

  it("shows a document's name and size from the segment while its details cannot be read", async () => {
    server.use(
      http.get(`${API}/userConversations/${CONVERSATION_ID}`, () =>
        HttpResponse.json(
          makeConversation([makeSegment(1, { attachments: [ATTACHMENT_ID], attachmentFiles: [attachmentFile] })]),
        ),
      ),
      http.get(`${API}/attachments/${ATTACHMENT_ID}`, () =>
        HttpResponse.json(
          { type: "about:blank", title: "Internal Server Error", status: 500 },
          { status: 500, headers: { "content-type": "application/problem+json" } },
        ),
      ),
    );
    renderChatPage({ conversationId: CONVERSATION_ID });
    const files = await screen.findByRole("list", { name: "Files of this question" });
    expect(await within(files).findByRole("group", { name: "budget 2026.pdf" })).toHaveTextContent(
      "budget 2026.pdf2.3 MiB",
    );
  });

  it("asks a regenerated answer again with the question's files", async () => {
    const { stream, bodies } = serveQuestionWithFiles();
    renderChatPage({ conversationId: CONVERSATION_ID });
    await userEvent.setup().click(await screen.findByRole("button", { name: "Regenerate" }));
    await waitFor(() =>
      expect(bodies).toEqual([
        { question: "Question 1", visionImageIds: [IMAGE_ID], attachmentIds: [ATTACHMENT_ID], parentSegmentId: null },
      ]),
    );
    // The new branch replaces the old one on screen; its question shows the image while it streams,
    // by the names the old segment gave (a live question has only ids).
    await waitFor(() => expect(screen.queryByRole("button", { name: "Regenerate" })).toBeNull());
    const files = screen.getByRole("list", { name: "Files of this question" });
    expect(within(files).getByRole("img", { name: "Image 1" })).toHaveAttribute(
      "src",
      "data:image/webp;base64,VEhVTUI=",
    );
    stream.close();
  });

  it("shows the files while the question is edited, and asks the edit without those taken out", async () => {
    const { stream, bodies } = serveQuestionWithFiles();
    renderChatPage({ conversationId: CONVERSATION_ID });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Edit question" }));

    const files = screen.getByRole("list", { name: "Files of this question" });
    expect(within(files).getByRole("group", { name: "budget 2026.pdf" })).toBeInTheDocument();
    const editor = screen.getByRole("textbox", { name: "Edit question" });
    const send = within(editor.closest("form")!).getByRole("button", { name: "Send" });
    expect(send).toBeDisabled(); // Nothing changed yet.
    await user.click(within(files).getByRole("button", { name: "Remove budget 2026.pdf" }));
    expect(within(files).queryByRole("group", { name: "budget 2026.pdf" })).toBeNull();
    expect(editor).toHaveFocus(); // Not the page: the button that had it is gone.
    expect(within(files).getByRole("button", { name: "Remove Image 1" })).toBeInTheDocument();
    await user.click(send); // The same words, without the document.

    await waitFor(() =>
      expect(bodies).toEqual([{ question: "Question 1", visionImageIds: [IMAGE_ID], parentSegmentId: null }]),
    );
    stream.close();
  });
});
