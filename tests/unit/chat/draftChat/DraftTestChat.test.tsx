import { configure, fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http } from "msw";
import { describe, expect, it } from "vitest";
import { AppProviders } from "../../../../src/app/AppProviders";
import { createQueryClient } from "../../../../src/app/queryClient";
import DraftTestChat from "../../../../src/chat/draftChat/DraftTestChat";
import { controlledStream } from "../conversation/chatTestUtils";
import { API } from "../../utils/handlers";
import { signInForTest } from "../../utils/renderApp";
import { server } from "../../utils/server";

configure({ asyncUtilTimeout: 10_000 });

const CONFIG_ID = "00000000-0000-4000-8000-0000000000d1";
const CONVERSATION_ID = "00000000-0000-4000-8000-0000000000d2";

function renderPanel(scope: "admin" | "personal") {
  signInForTest();
  return render(
    <AppProviders queryClient={createQueryClient()}>
      <DraftTestChat scope={scope} configStateId={CONFIG_ID} />
    </AppProviders>,
  );
}

describe("DraftTestChat", () => {
  it("streams the draft's answer, then asks the next question in the same test conversation", async () => {
    const first = controlledStream();
    const second = controlledStream();
    const posted: { url: string; body: unknown }[] = [];
    server.use(
      http.post(`${API}/admin/configStates/${CONFIG_ID}/conversations`, async ({ request }) => {
        posted.push({ url: new URL(request.url).pathname, body: await request.json() });
        return first.response();
      }),
      http.post(
        `${API}/admin/configStates/${CONFIG_ID}/conversations/${CONVERSATION_ID}/segments`,
        async ({ request }) => {
          posted.push({ url: new URL(request.url).pathname, body: await request.json() });
          return second.response();
        },
      ),
    );
    renderPanel("admin");
    const panel = screen.getByRole("region", { name: "Test chat" });
    expect(within(panel).getByText("Ask a question to try this configuration out.")).toBeTruthy();
    const user = userEvent.setup();
    await user.type(within(panel).getByRole("textbox", { name: "Test question" }), "Who are you?{Enter}");
    expect(await within(panel).findByText("Who are you?")).toBeTruthy();
    first.send("conversation-and-segment-id", { conversationId: CONVERSATION_ID, conversationSegmentId: "s1" });
    first.send("response-updated", "I am the ");
    expect(await within(panel).findByText("I am the", { exact: false })).toBeTruthy();
    expect(within(panel).getByRole("button", { name: "Stop" })).toBeTruthy();
    first.send("response-updated", "draft.");
    first.send("response-model", { conversationSegmentId: "s1", status: "Complete", citations: [], errorText: null });
    first.send("no-more-data", null);
    first.close();
    expect(await within(panel).findByText("I am the draft.")).toBeTruthy();
    expect(await within(panel).findByRole("button", { name: "Send" })).toBeTruthy();

    await user.type(within(panel).getByRole("textbox", { name: "Test question" }), "And now?{Enter}");
    second.send("response-updated", "Still the draft.");
    second.send("no-more-data", null);
    second.close();
    expect(await within(panel).findByText("Still the draft.")).toBeTruthy();
    expect(posted).toEqual([
      { url: `${API}/admin/configStates/${CONFIG_ID}/conversations`, body: { question: "Who are you?" } },
      {
        url: `${API}/admin/configStates/${CONFIG_ID}/conversations/${CONVERSATION_ID}/segments`,
        body: { question: "And now?" },
      },
    ]);
  }, 30_000);

  it("shows the server's reason when it refuses the question", async () => {
    server.use(
      http.post(`${API}/configStates/${CONFIG_ID}/conversations`, () =>
        Response.json(
          {
            type: "about:blank",
            title: "Budget exceeded",
            status: 429,
            detail: "The monthly token budget for you has been used up.",
          },
          { status: 429, headers: { "content-type": "application/problem+json", "retry-after": "1" } },
        ),
      ),
    );
    renderPanel("personal");
    const user = userEvent.setup();
    await user.type(screen.getByRole("textbox", { name: "Test question" }), "Hello{Enter}");
    expect(await screen.findByText("The monthly token budget for you has been used up.")).toBeTruthy();
  });

  it("does not send a question that shows nothing (zero-width spaces, a lone combining mark)", async () => {
    const posted: unknown[] = [];
    server.use(
      http.post(`${API}/admin/configStates/${CONFIG_ID}/conversations`, async ({ request }) => {
        posted.push(await request.json());
        return Response.json({ title: "Bad Request", status: 400 }, { status: 400 });
      }),
    );
    renderPanel("admin");
    const panel = screen.getByRole("region", { name: "Test chat" });
    const input = within(panel).getByRole("textbox", { name: "Test question" });
    fireEvent.change(input, { target: { value: "\u200b\u0301\u00ad" } });
    expect(within(panel).getByRole("button", { name: "Send" })).toBeDisabled();
    await userEvent.setup().type(input, "{Enter}");
    expect(posted).toEqual([]);
    expect(within(panel).getByText("Ask a question to try this configuration out.")).toBeTruthy();
  });
});
