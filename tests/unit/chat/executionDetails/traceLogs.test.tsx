import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import type { components } from "../../../../src/generated/api";
import { API } from "../../utils/handlers";
import { server } from "../../utils/server";
import {
  CONVERSATION_ID,
  makeConversation,
  makeSegment,
  renderChatPage,
  segmentId,
  setUpChatPageTests,
} from "../conversation/chatTestUtils";

setUpChatPageTests();

type TraceLogEntry = components["schemas"]["TraceLogEntry"];

const details = (id: string) => ({
  conversationSegmentId: id,
  status: "Failed",
  languageEngine: "openai",
  deploymentName: "gpt-4o",
  inputTokens: null,
  outputTokens: null,
  timeToFirstTokenMs: null,
  durationMs: 1840,
  steps: ["Generating the answer"],
});

const entry = (elapsedMs: number, level: TraceLogEntry["level"], event: string, message: string): TraceLogEntry => ({
  at: new Date(Date.UTC(2025, 11, 1, 10, 0, 0) + elapsedMs).toISOString(),
  elapsedMs,
  level,
  event,
  message,
});

function serve(traceLogs: () => Response, status: () => string = () => "Failed") {
  const requested: string[] = [];
  server.use(
    http.get(`${API}/userConversations/${CONVERSATION_ID}`, () =>
      HttpResponse.json(makeConversation([makeSegment(1)])),
    ),
    http.get(`${API}/userConversations/:c/segments/:s/executionDetails`, ({ params }) =>
      HttpResponse.json({ ...details(params.s as string), status: status() }),
    ),
    http.get(`${API}/userConversations/:c/segments/:s/traceLogs`, ({ params }) => {
      requested.push(`${params.c as string}/${params.s as string}`);
      return traceLogs();
    }),
  );
  return requested;
}

async function openDetails() {
  renderChatPage({ conversationId: CONVERSATION_ID });
  const user = userEvent.setup();
  await user.click(await screen.findByRole("button", { name: "Details" }));
  const panel = await screen.findByRole("complementary", { name: "Execution details" });
  return within(panel).findByRole("region", { name: "Trace logs" });
}

describe("the execution details' trace logs", () => {
  it("lists the answer's entries in order with their offsets and levels", async () => {
    const requested = serve(() =>
      HttpResponse.json({
        traceLogs: [
          entry(0, "info", "request-received", "Question received"),
          entry(12, "info", "question-stored", "Question stored"),
          entry(1240, "warning", "step", "This agent's model cannot see images, so they were not sent"),
          entry(1840, "error", "failed", "The model provider failed (HTTP 429)"),
        ],
      }),
    );
    const section = await openDetails();
    const items = await within(section).findAllByRole("listitem");
    expect(items.map((item) => item.textContent)).toEqual([
      "+0 msQuestion received",
      "+12 msQuestion stored",
      "+1.24 sThis agent's model cannot see images, so they were not sent",
      "+1.84 sThe model provider failed (HTTP 429)",
    ]);
    expect(within(items[0]!).getByRole("img", { name: "Information" })).toBeInTheDocument();
    expect(within(items[2]!).getByRole("img", { name: "Warning" })).toBeInTheDocument();
    expect(within(items[3]!).getByRole("img", { name: "Error" })).toBeInTheDocument();
    expect(items[3]!.querySelector("time")).toHaveAttribute("datetime", "2025-12-01T10:00:01.840Z");
    expect(requested).toEqual([`${CONVERSATION_ID}/${segmentId(1)}`]);
  });

  it("follows an answer still coming until it ends, and reads its trace only then", async () => {
    const statuses = ["Pending", "Streaming", "Complete"];
    let reads = 0;
    const requested = serve(
      () => HttpResponse.json({ traceLogs: [entry(0, "info", "request-received", "Question received")] }),
      () => statuses[Math.min(reads++, statuses.length - 1)]!,
    );
    const section = await openDetails();
    const panel = screen.getByRole("complementary", { name: "Execution details" });
    expect(await within(section).findByText("The trace is shown once the answer has ended.")).toBeInTheDocument();
    expect(within(panel).getByText("Pending")).toBeInTheDocument();
    expect(await within(panel).findByText("Streaming", {}, { timeout: 2500 })).toBeInTheDocument();
    expect(requested).toEqual([]);

    expect(await within(panel).findByText("Complete", {}, { timeout: 2500 })).toBeInTheDocument();
    expect(await within(section).findByText("Question received")).toBeInTheDocument();
    expect(requested).toEqual([`${CONVERSATION_ID}/${segmentId(1)}`]);
    expect(reads).toBe(3); // not read again once ended
  });

  it("says when no trace was recorded", async () => {
    serve(() => HttpResponse.json({ traceLogs: [] }));
    const section = await openDetails();
    expect(await within(section).findByText("No trace was recorded for this answer.")).toBeInTheDocument();
  });

  it("says when the trace could not be loaded", async () => {
    serve(() =>
      HttpResponse.json(
        { type: "about:blank", title: "Not Found", status: 404, detail: "No such segment." },
        { status: 404, headers: { "content-type": "application/problem+json" } },
      ),
    );
    const section = await openDetails();
    expect(await within(section).findByText("The trace logs could not be loaded.")).toBeInTheDocument();
    // The figures above still show.
    expect(screen.getByText("gpt-4o")).toBeInTheDocument();
  });
});
