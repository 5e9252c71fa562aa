/** The test chat's execution details: "Details" on a test answer opens its figures and trace log, read with the configuration state's operations. */
import { configure, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import { afterEach, describe, expect, it } from "vitest";
import { AppProviders } from "../../../../src/app/AppProviders";
import { authActions, authStore } from "../../../../src/app/auth/authStore";
import { createQueryClient } from "../../../../src/app/queryClient";
import DraftTestChat from "../../../../src/chat/draftChat/DraftTestChat";
import { executionDetailsStore } from "../../../../src/chat/executionDetails/executionDetailsStore";
import { controlledStream } from "../conversation/chatTestUtils";
import { API } from "../../utils/handlers";
import { signInForTest } from "../../utils/renderApp";
import { server } from "../../utils/server";

configure({ asyncUtilTimeout: 10_000 });

const CONFIG_ID = "00000000-0000-4000-8000-0000000000d1";
const CONVERSATION_ID = "00000000-0000-4000-8000-0000000000d2";
const SEGMENT_ID = "00000000-0000-4000-8000-0000000000d3";

const details = {
  conversationSegmentId: SEGMENT_ID,
  status: "Complete",
  languageEngine: "openai",
  deploymentName: "draft-model",
  inputTokens: 12,
  outputTokens: 3,
  timeToFirstTokenMs: 40,
  durationMs: 320,
  steps: ["Generating the answer"],
};
const traceLogs = {
  traceLogs: [
    {
      at: "2025-12-01T10:00:00.000Z",
      elapsedMs: 0,
      level: "info",
      event: "request-received",
      message: "Question received",
    },
    { at: "2025-12-01T10:00:00.320Z", elapsedMs: 320, level: "info", event: "completed", message: "Answer completed" },
  ],
};

afterEach(() => {
  executionDetailsStore.setState({ segmentId: null });
  authActions.setDisplaySetting("showChatExecutionDetailsDrawer", false);
});

/** Serves one test answer and the details operations under `base`; returns the details paths requested. */
function serve(base: string) {
  const stream = controlledStream();
  const requested: string[] = [];
  server.use(
    http.post(`${API}${base}`, () => stream.response()),
    http.get(`${API}${base}/${CONVERSATION_ID}/segments/:segment/executionDetails`, ({ request }) => {
      requested.push(new URL(request.url).pathname);
      return HttpResponse.json(details);
    }),
    http.get(`${API}${base}/${CONVERSATION_ID}/segments/:segment/traceLogs`, ({ request }) => {
      requested.push(new URL(request.url).pathname);
      return HttpResponse.json(traceLogs);
    }),
  );
  return { stream, requested };
}

async function answerOnce(scope: "admin" | "personal", stream: ReturnType<typeof controlledStream>) {
  signInForTest();
  render(
    <AppProviders queryClient={createQueryClient()}>
      <DraftTestChat scope={scope} configStateId={CONFIG_ID} />
    </AppProviders>,
  );
  const panel = screen.getByRole("region", { name: "Test chat" });
  const user = userEvent.setup();
  await user.type(within(panel).getByRole("textbox", { name: "Test question" }), "Who are you?{Enter}");
  stream.send("conversation-and-segment-id", { conversationId: CONVERSATION_ID, conversationSegmentId: SEGMENT_ID });
  stream.send("response-updated", "The draft.");
  // No details while the answer streams.
  expect(await within(panel).findByText("The draft.")).toBeTruthy();
  expect(within(panel).queryByRole("button", { name: "Details" })).toBeNull();
  stream.send("response-model", {
    conversationSegmentId: SEGMENT_ID,
    status: "Complete",
    citations: [],
    errorText: null,
  });
  stream.send("no-more-data", null);
  stream.close();
  await user.click(await within(panel).findByRole("button", { name: "Details" }));
  return { user, drawer: await screen.findByRole("complementary", { name: "Execution details" }) };
}

describe("the test chat's execution details", () => {
  it("shows an administrator's test answer's figures and trace log, and closes", async () => {
    const base = `/admin/configStates/${CONFIG_ID}/conversations`;
    const { stream, requested } = serve(base);
    const { user, drawer } = await answerOnce("admin", stream);
    expect(await within(drawer).findByText("draft-model")).toBeTruthy();
    const trace = within(drawer).getByRole("region", { name: "Trace logs" });
    const items = await within(trace).findAllByRole("listitem");
    expect(items.map((item) => item.textContent)).toEqual(["+0 msQuestion received", "+320 msAnswer completed"]);
    expect(new Set(requested)).toEqual(
      new Set([
        `${API}${base}/${CONVERSATION_ID}/segments/${SEGMENT_ID}/executionDetails`,
        `${API}${base}/${CONVERSATION_ID}/segments/${SEGMENT_ID}/traceLogs`,
      ]),
    );
    expect(authStore.getState().displaySettings.showChatExecutionDetailsDrawer).toBe(true);

    await user.click(within(drawer).getByRole("button", { name: "Close execution details" }));
    await waitFor(() => expect(screen.queryByRole("complementary", { name: "Execution details" })).toBeNull());
    expect(authStore.getState().displaySettings.showChatExecutionDetailsDrawer).toBe(false);
  }, 30_000);

  it("reads a personal agent's test answer with the owner's operations", async () => {
    const base = `/configStates/${CONFIG_ID}/conversations`;
    const { stream, requested } = serve(base);
    const { drawer } = await answerOnce("personal", stream);
    const trace = within(drawer).getByRole("region", { name: "Trace logs" });
    expect(await within(trace).findByText("Answer completed")).toBeTruthy();
    expect(requested).toContain(`${API}${base}/${CONVERSATION_ID}/segments/${SEGMENT_ID}/traceLogs`);
  }, 30_000);
});
