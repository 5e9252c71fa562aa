/**
 * The composer's files against msw: images upload as vision images, documents as
 * attachments (FileSearch, or CodeInterpreter when the agent has it), each with
 * its state; client-side checks and server problem+json errors are shown; the
 * question carries the ids, and nothing is sent while an upload is in flight.
 */
import { File as NodeFile } from "node:buffer";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { composerFilesActions } from "../../../../src/chat/attachments/composerFilesStore";
import { chatStore } from "../../../../src/chat/state/chatStore";
import type { components } from "../../../../src/generated/api";
import { API } from "../../utils/handlers";
import { server } from "../../utils/server";
import { AGENT_ID, controlledStream, renderChatPage, setUpChatPageTests } from "../conversation/chatTestUtils";

type Schemas = components["schemas"];

setUpChatPageTests();
// jsdom's FormData and File cannot be read by the Request class under the client (Node's): use Node's
// own, as a browser uses its own. Node's FormData class is only reachable through a parsed body.
beforeAll(async () => {
  const nodeForm = await new Response("", {
    headers: { "content-type": "application/x-www-form-urlencoded" },
  }).formData();
  vi.stubGlobal("FormData", nodeForm.constructor);
  return () => vi.unstubAllGlobals();
});
beforeEach(() => composerFilesActions.clear());
afterEach(() => composerFilesActions.clear());

const IMAGE_ID = "55555555-5555-4555-8555-000000000001";
const ATTACHMENT_ID = "55555555-5555-4555-8555-000000000002";
/** A 1×1 PNG. */
const PNG_BASE64 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";

function agentDetails(overrides: Partial<Schemas["GptSystemDetailsForConversation"]> = {}) {
  return http.get(`${API}/userConversations/gptSystems/:id/detailsForConversation`, () =>
    HttpResponse.json({
      gptSystemId: AGENT_ID,
      name: "Atlas",
      description: "Maps and plans",
      gptSystemType: "System",
      introduction: "Hi, I am **Atlas**.",
      capabilityTypes: [],
      supportsVision: true,
      deploymentName: "gpt-4o",
      languageEngine: "openai",
      ...overrides,
    } satisfies Schemas["GptSystemDetailsForConversation"]),
  );
}

const visionImage: Schemas["VisionImage"] = {
  visionImageId: IMAGE_ID,
  blobFileName: `${IMAGE_ID}.png`,
  thumbnailBlobFileName: `${IMAGE_ID}-thumbnail.webp`,
  mimeType: "image/png",
};

function attachmentDetails(status: Schemas["AttachmentStatus"]): Schemas["AttachmentDetails"] {
  return {
    attachmentId: ATTACHMENT_ID,
    originalFileName: "report.pdf",
    type: "FileSearch",
    context: "Conversation",
    status,
    mimeType: "application/pdf",
    byteSize: 12_800,
    createdAt: "2025-12-01T10:00:00Z",
    errorText: null,
    pageCount: 3,
    chunkCount: 4,
  };
}

interface Uploaded {
  path: string;
  fields: Record<string, string>;
  fileName: string;
  auth: string | null;
}

/** Upload endpoints that record what they received; `gate` holds the answers until it resolves. */
function uploadHandlers(uploaded: Uploaded[], gate: Promise<void> = Promise.resolve()) {
  const record = async (request: Request, path: string) => {
    const form = await request.formData();
    const fields: Record<string, string> = {};
    let fileName = "";
    form.forEach((value, name) => {
      if (typeof value === "string") fields[name] = value;
      else fileName = value.name;
    });
    uploaded.push({ path, fields, fileName, auth: request.headers.get("authorization") });
    await gate;
  };
  return [
    http.post(`${API}/userConversations/VisionImages/Files`, async ({ request }) => {
      await record(request, "VisionImages/Files");
      return HttpResponse.json(visionImage, { status: 201 });
    }),
    http.post(`${API}/attachments`, async ({ request }) => {
      await record(request, "attachments");
      const fields = uploaded.at(-1)!.fields;
      return HttpResponse.json(
        {
          attachmentId: ATTACHMENT_ID,
          originalFileName: "report.pdf",
          type: fields.attachmentType as Schemas["AttachmentType"],
          context: "Conversation",
          status: "Queued",
        } satisfies Schemas["Attachment"],
        { status: 201 },
      );
    }),
    http.get(`${API}/attachments/${ATTACHMENT_ID}`, () => HttpResponse.json(attachmentDetails("Online"))),
    http.get(`${API}/userConversations/VisionImages/${IMAGE_ID}/Files/:name/base64`, () =>
      HttpResponse.json({ base64Content: PNG_BASE64, mimeType: "image/webp" }),
    ),
  ];
}

/** Node's File: the FormData under the client (undici's) cannot read jsdom's, as a browser's can its own. */
const file = (content: string | Uint8Array, name: string, type: string) =>
  new NodeFile([content], name, { type }) as unknown as File;
const png = () =>
  file(
    Uint8Array.from(atob(PNG_BASE64), (c) => c.charCodeAt(0)),
    "photo.png",
    "image/png",
  );
const pdf = () => file("%PDF-1.4 a small report", "report.pdf", "application/pdf");

async function openComposer() {
  renderChatPage({ path: `/chat/${AGENT_ID}` });
  const input = await screen.findByRole("textbox", { name: "Message" });
  await waitFor(() => expect(screen.getByRole("button", { name: "Attach files" })).toBeEnabled());
  return { input, fileInput: screen.getByTestId("attach-input") as HTMLInputElement };
}

const filesList = () => screen.getByRole("list", { name: "Attached files" });

describe("composer uploads", () => {
  it("uploads an image and a PDF, shows them, and sends their ids with the question", async () => {
    server.use(agentDetails());
    const uploaded: Uploaded[] = [];
    const stream = controlledStream();
    const bodies: unknown[] = [];
    server.use(
      ...uploadHandlers(uploaded),
      http.post(`${API}/userConversations/byGptSystemId/${AGENT_ID}`, async ({ request }) => {
        bodies.push(await request.json());
        return stream.response();
      }),
    );
    const { input, fileInput } = await openComposer();
    const user = userEvent.setup();

    await user.upload(fileInput, [png(), pdf()]);

    const chip = await within(filesList()).findByRole("group", { name: "report.pdf" });
    await waitFor(() => expect(chip).toHaveTextContent("23 B · Ready"));
    const thumbnail = within(filesList()).getByRole("group", { name: "photo.png" });
    await waitFor(() => expect(thumbnail).toHaveAttribute("data-status", "ready"));
    expect(uploaded).toEqual([
      { path: "VisionImages/Files", fields: {}, fileName: "photo.png", auth: expect.stringMatching(/^Bearer /) },
      {
        path: "attachments",
        fields: { attachmentType: "FileSearch", context: "Conversation" },
        fileName: "report.pdf",
        auth: expect.stringMatching(/^Bearer /),
      },
    ]);
    // Spec §3 chat state: the ready files are the prompt's uploads.
    expect(chatStore.getState().uploadedImagesPrompt).toEqual([
      { visionImageId: IMAGE_ID, blobFileName: `${IMAGE_ID}.png` },
    ]);
    expect(chatStore.getState().uploadedFilesPrompt).toEqual([
      { attachmentId: ATTACHMENT_ID, originalFileName: "report.pdf" },
    ]);

    await user.type(input, "What does the report say?{Enter}");

    await waitFor(() =>
      expect(bodies).toEqual([
        { question: "What does the report say?", visionImageIds: [IMAGE_ID], attachmentIds: [ATTACHMENT_ID] },
      ]),
    );
    expect(screen.queryByRole("list", { name: "Attached files" })).not.toBeInTheDocument();
    // The question shows its files while its answer streams.
    const questionFiles = await screen.findByRole("list", { name: "Files of this question" });
    expect(await within(questionFiles).findByRole("img", { name: "Image 1" })).toHaveAttribute(
      "src",
      `data:image/webp;base64,${PNG_BASE64}`,
    );
    expect(await within(questionFiles).findByRole("group", { name: "report.pdf" })).toHaveTextContent("12.5 KiB");
    stream.close();
  });

  it("sends nothing while an upload is in flight, and removes a file on request", async () => {
    server.use(agentDetails());
    const uploaded: Uploaded[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const stream = controlledStream();
    const bodies: unknown[] = [];
    server.use(
      ...uploadHandlers(uploaded, gate),
      http.post(`${API}/userConversations/byGptSystemId/${AGENT_ID}`, async ({ request }) => {
        bodies.push(await request.json());
        return stream.response();
      }),
    );
    const { input, fileInput } = await openComposer();
    const user = userEvent.setup();
    await user.upload(fileInput, [pdf(), png()]);
    await user.type(input, "Summarise it");

    const chip = await within(filesList()).findByRole("group", { name: "report.pdf" });
    expect(chip).toHaveTextContent(/Uploading \d+%/);
    expect(screen.getByRole("button", { name: "Send" })).toBeDisabled();
    await user.keyboard("{Enter}");
    expect(bodies).toEqual([]);

    await user.click(screen.getByRole("button", { name: "Remove photo.png" }));
    expect(within(filesList()).queryByRole("group", { name: "photo.png" })).not.toBeInTheDocument();
    expect(input).toHaveFocus(); // Its button gone, the focus is in the message box, not on the page.

    release();
    await waitFor(() => expect(chip).toHaveTextContent("Ready"));
    await waitFor(() => expect(screen.getByRole("button", { name: "Send" })).toBeEnabled());
    await user.click(input);
    await user.keyboard("{Enter}");
    await waitFor(() => expect(bodies).toEqual([{ question: "Summarise it", attachmentIds: [ATTACHMENT_ID] }]));
    stream.close();
  });

  it("refuses unsupported, oversized and (for an agent that cannot see) image files before sending anything", async () => {
    server.use(agentDetails({ supportsVision: false }));
    const { fileInput } = await openComposer();
    const user = userEvent.setup({ applyAccept: false });
    const big = file("x", "huge.pdf", "application/pdf");
    Object.defineProperty(big, "size", { value: 21 * 1024 * 1024 });

    await user.upload(fileInput, [file("PK", "archive.zip", "application/zip"), big, png()]);

    const alerts = await screen.findAllByRole("alert");
    expect(alerts.map((alert) => alert.textContent)).toEqual([
      "archive.zip can't be attached: only PDF, Word (DOCX), text, Markdown, HTML, CSV and JSON files and PNG, JPEG, WebP or GIF images are accepted.",
      "huge.pdf is too large (21 MiB): the limit for this kind of file is 20 MiB.",
      "photo.png can't be attached: Atlas can't read images.",
    ]);
    // onUnhandledRequest is 'error': an upload request would have failed the test.
    expect(within(filesList()).getAllByRole("listitem")).toHaveLength(3);
  });

  it("checks sizes against the limits the server is configured with", async () => {
    const uploaded: Uploaded[] = [];
    server.use(
      agentDetails(),
      ...uploadHandlers(uploaded),
      http.get(`${API}/uploadLimits`, () =>
        HttpResponse.json({
          maxImageBytes: 10 * 1024 * 1024,
          maxPdfBytes: 100 * 1024 * 1024,
          maxDocxBytes: 20 * 1024 * 1024,
          maxTextBytes: 5 * 1024 * 1024,
        } satisfies Schemas["UploadLimits"]),
      ),
    );
    const { fileInput } = await openComposer();
    const user = userEvent.setup({ applyAccept: false });
    const large = pdf();
    Object.defineProperty(large, "size", { value: 21 * 1024 * 1024 });
    const huge = file("x", "huge.pdf", "application/pdf");
    Object.defineProperty(huge, "size", { value: 101 * 1024 * 1024 });

    await user.upload(fileInput, [large, huge]);

    expect((await screen.findAllByRole("alert")).map((alert) => alert.textContent)).toEqual([
      "huge.pdf is too large (101 MiB): the limit for this kind of file is 100 MiB.",
    ]);
    // Over the default 20 MiB, within this server's 100 MiB: uploaded.
    await waitFor(() => expect(uploaded.map((u) => u.fileName)).toEqual(["report.pdf"]));
  });

  it("falls back to the server's default limits when they cannot be read", async () => {
    server.use(
      agentDetails(),
      http.get(`${API}/uploadLimits`, () =>
        HttpResponse.json(
          { type: "about:blank", title: "Internal Server Error", status: 500 },
          { status: 500, headers: { "content-type": "application/problem+json" } },
        ),
      ),
    );
    const { fileInput } = await openComposer();
    const big = file("x", "big.pdf", "application/pdf");
    Object.defineProperty(big, "size", { value: 21 * 1024 * 1024 });
    await userEvent.setup({ applyAccept: false }).upload(fileInput, [big]);
    expect((await screen.findAllByRole("alert")).map((alert) => alert.textContent)).toEqual([
      "big.pdf is too large (21 MiB): the limit for this kind of file is 20 MiB.",
    ]);
  });

  it("shows the server's problem+json message when it refuses a file", async () => {
    server.use(
      agentDetails(),
      http.post(`${API}/attachments`, () =>
        HttpResponse.json(
          {
            type: "about:blank",
            title: "Unsupported Media Type",
            status: 415,
            detail: "Files of type application/x-msdownload are not accepted; attach PDF, DOCX or text files.",
          },
          { status: 415, headers: { "content-type": "application/problem+json" } },
        ),
      ),
    );
    const { fileInput } = await openComposer();
    const user = userEvent.setup();
    await user.upload(fileInput, file("MZ", "notes.txt", "text/plain"));

    expect(await screen.findByRole("alert")).toHaveTextContent(
      "notes.txt could not be uploaded: Files of type application/x-msdownload are not accepted; attach PDF, DOCX or text files.",
    );
    expect(within(filesList()).getByRole("group", { name: "notes.txt" })).toHaveTextContent("Failed");
    expect(screen.getByRole("button", { name: "Send" })).toBeDisabled(); // Empty draft, but no upload holds it.
  });

  it("tells the user to wait when a proxy answers 429 with no words of the server's", async () => {
    server.use(
      agentDetails(),
      http.post(`${API}/attachments`, () => new HttpResponse(null, { status: 429 })),
    );
    const { fileInput } = await openComposer();
    await userEvent.setup().upload(fileInput, file("hello", "notes.txt", "text/plain"));

    expect(await screen.findByRole("alert")).toHaveTextContent(
      "notes.txt could not be uploaded: the server is busy. Wait a moment, then try again.",
    );
  });

  it("uploads documents for the code interpreter when the agent has it", async () => {
    server.use(agentDetails({ capabilityTypes: ["CodeInterpreter", "FileSearch"] }));
    const uploaded: Uploaded[] = [];
    server.use(...uploadHandlers(uploaded));
    const { fileInput } = await openComposer();
    await userEvent.setup().upload(fileInput, file("a,b\n1,2\n", "data.csv", "text/csv"));
    await waitFor(() => expect(uploaded).toHaveLength(1));
    expect(uploaded[0]!.fields).toEqual({ attachmentType: "CodeInterpreter", context: "Conversation" });
  });

  it("attaches a pasted image and files dropped on the conversation pane", async () => {
    server.use(agentDetails());
    const uploaded: Uploaded[] = [];
    server.use(...uploadHandlers(uploaded));
    const { input } = await openComposer();

    fireEvent.paste(input, { clipboardData: { files: [png()], types: ["Files"] } });
    const zone = screen.getByTestId("file-drop-zone");
    fireEvent.dragEnter(zone, { dataTransfer: { types: ["Files"], files: [] } });
    expect(await screen.findByText("Drop files to attach them")).toBeInTheDocument();
    fireEvent.drop(zone, { dataTransfer: { types: ["Files"], files: [pdf()] } });
    expect(screen.queryByText("Drop files to attach them")).not.toBeInTheDocument();

    await waitFor(() => expect(uploaded.map((u) => u.fileName)).toEqual(["photo.png", "report.pdf"]));
    expect(within(filesList()).getAllByRole("listitem")).toHaveLength(2);
  });

  it("drops the composer's files when the conversation is cleared (New Chat)", async () => {
    server.use(agentDetails());
    const uploaded: Uploaded[] = [];
    server.use(...uploadHandlers(uploaded));
    const { fileInput } = await openComposer();
    await userEvent.setup().upload(fileInput, pdf());
    await waitFor(() =>
      expect(within(filesList()).getByRole("group", { name: "report.pdf" })).toHaveTextContent("Ready"),
    );
    const { chatActions } = await import("../../../../src/chat/state/chatStore");
    chatActions.clearConversation();
    await waitFor(() => expect(screen.queryByRole("list", { name: "Attached files" })).not.toBeInTheDocument());
  });
});
