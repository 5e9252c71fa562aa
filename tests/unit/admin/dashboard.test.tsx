import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderApp, signInForTest } from "../utils/renderApp";
import { server } from "../utils/server";
import { analyticsHandlers, zeroFigures } from "./dashboardFixtures";

const ALPHA = "11111111-1111-4111-8111-111111111111";
const BETA = "22222222-2222-4222-8222-222222222222";

const allAgents = {
  ...zeroFigures,
  conversations: 12,
  segments: 1234,
  activeUsers: 5,
  inputTokens: 45600,
  outputTokens: 7890,
  feedbackPositive: 3,
  feedbackNegative: 1,
  averageTimeToFirstTokenMs: 850,
  averageDurationMs: 4200,
};
const betaOnly = { ...zeroFigures, conversations: 2, segments: 7, activeUsers: 1 };

function cardValue(name: string): string {
  const card = screen.getByRole("listitem", { name });
  return within(card).getAllByText(/./)[1]!.textContent ?? "";
}

/** Waits long enough for the lazy admin chunk and the first answers on a busy machine. */
const SLOW = { timeout: 10_000 };

afterEach(() => vi.restoreAllMocks());

// Rendering the whole admin shell in jsdom on a shared 2-core machine takes seconds.
describe("the admin dashboard", { timeout: 30_000 }, () => {
  it("shows the period's totals, daily charts and per-agent table, and narrows to one agent", async () => {
    const summaryQueries: string[] = [];
    server.use(
      ...analyticsHandlers({
        totals: (query) => {
          summaryQueries.push(query.toString());
          return query.get("gptSystemId") === BETA ? betaOnly : allAgents;
        },
        days: [
          {
            date: "2026-11-21",
            conversations: 4,
            segments: 9,
            activeUsers: 2,
            inputTokens: 300,
            outputTokens: 90,
            feedbackPositive: 0,
            feedbackNegative: 0,
          },
          {
            date: "2026-11-22",
            conversations: 8,
            segments: 20,
            activeUsers: 3,
            inputTokens: 500,
            outputTokens: 70,
            feedbackPositive: 1,
            feedbackNegative: 0,
          },
        ],
        agents: [
          { gptSystemId: ALPHA, name: "Alpha", gptSystemType: "System", figures: { ...allAgents, conversations: 10 } },
          { gptSystemId: BETA, name: "Beta", gptSystemType: "System", figures: betaOnly },
        ],
      }),
    );
    signInForTest();
    renderApp("/admin");
    expect(await screen.findByRole("heading", { name: "Dashboard" }, SLOW)).toBeInTheDocument();
    await waitFor(() => expect(cardValue("Conversations")).toBe("12"), SLOW);
    expect(cardValue("Questions")).toBe("1,234");
    expect(cardValue("Active users")).toBe("5");
    expect(cardValue("Input tokens")).toBe("45,600");
    expect(cardValue("Output tokens")).toBe("7,890");
    expect(cardValue("Feedback")).toBe("3 up · 1 down");
    expect(cardValue("Avg. time to first token")).toBe("850 ms");
    expect(cardValue("Avg. answer time")).toBe("4.2 s");
    expect(summaryQueries[0]).toBe("reportingPeriod=Last30Days");

    const activity = screen.getByRole("img", { name: "Conversations and questions per day" });
    expect(within(activity).getByText("2026-11-22: Questions 20")).toBeInTheDocument();
    expect(within(activity).getByText("22 Nov")).toBeInTheDocument();
    expect(screen.getByRole("img", { name: "Tokens per day" })).toBeInTheDocument();

    const table = screen.getByRole("table", { name: "Per agent" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows.map((row) => [...row.querySelectorAll("th, td")].map((cell) => cell.textContent))).toEqual([
      ["Alpha", "10", "1,234", "5", "45,600", "7,890", "3", "1", "850 ms", "4.2 s"],
      ["Beta", "2", "7", "1", "0", "0", "0", "0", "—", "—"],
    ]);

    await userEvent.click(screen.getByRole("combobox", { name: "Agent" }));
    await userEvent.click(await screen.findByRole("option", { name: "Beta" }, SLOW));
    await waitFor(() => expect(cardValue("Conversations")).toBe("2"), SLOW);
    expect(summaryQueries.at(-1)).toBe(`reportingPeriod=Last30Days&gptSystemId=${BETA}`);
  });

  it("asks for a custom period with its days", async () => {
    const summaryQueries: string[] = [];
    server.use(...analyticsHandlers({ totals: (query) => (summaryQueries.push(query.toString()), zeroFigures) }));
    signInForTest();
    renderApp("/admin");
    await userEvent.click(await screen.findByRole("combobox", { name: "Reporting period" }, SLOW));
    await userEvent.click(await screen.findByRole("option", { name: "Custom" }, SLOW));
    const from = screen.getByLabelText("From");
    await userEvent.clear(from);
    await userEvent.type(from, "2026-03-01");
    const to = screen.getByLabelText("To");
    await userEvent.clear(to);
    await userEvent.type(to, "2026-03-03");
    await waitFor(
      () => expect(summaryQueries.at(-1)).toBe("reportingPeriod=Custom&from=2026-03-01&to=2026-03-03"),
      SLOW,
    );
    expect(screen.getByRole("cell", { name: "No conversations in this period." })).toBeInTheDocument();
  });

  it("downloads the export as analytics-export.csv", async () => {
    const csv = "date,conversationId\r\n2026-11-22T10:00:00.000Z,abc\r\n";
    server.use(...analyticsHandlers({ csv, hipaaMode: true }));
    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => (blobs.push(blob), "blob:analytics"));
    URL.revokeObjectURL = vi.fn();
    const downloads: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(`${this.download} ${this.href}`);
    });
    signInForTest();
    renderApp("/admin");
    expect(
      await screen.findByText("HIPAA mode is on: exports leave out conversation titles.", {}, SLOW),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Export CSV" }));
    await waitFor(() => expect(downloads).toEqual(["analytics-export.csv blob:analytics"]), SLOW);
    expect(await blobs[0]!.text()).toBe(csv);
    expect(blobs[0]!.type).toBe("text/csv;charset=utf-8");
  });
});
