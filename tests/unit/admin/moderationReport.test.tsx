import { configure, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import type { components } from "../../../src/generated/api";
import { API } from "../utils/handlers";
import { adminActions } from "../utils/fixtures";
import { renderApp, signInForTest } from "../utils/renderApp";
import { server } from "../utils/server";

// The whole app renders in jsdom on a shared 2-core machine: give pages time to appear.
configure({ asyncUtilTimeout: 10_000 });

type Report = components["schemas"]["AdminModerationReport"];
const REPORT_ID = "00000000-0000-4000-8000-0000000000f1";

const openReport: Report = {
  moderationReportId: REPORT_ID,
  reportStatus: "Open",
  reportReason: "HateOrHarassment",
  details: "It insulted me.",
  submittedAt: "2026-11-21T10:15:00Z",
  submittedBy: { userId: "00000000-0000-4000-8000-0000000000b1", displayName: "Bea Reporter" },
  conversationId: "00000000-0000-4000-8000-0000000000c1",
  gptReference: { gptSystemId: "00000000-0000-4000-8000-0000000000a9", name: "Rude bot", moderationStatus: null },
  systemOwner: { userId: "00000000-0000-4000-8000-0000000000d1", displayName: "Carl Creator" },
  reportMetrics: { agentReportCount: 2, ownerReportCount: 3, ownerAgentCount: 4 },
  personalAgentSettings: { isBannedFromCreatingAgents: false, isBannedFromSharingAgents: false },
  moderationDecision: null,
};

/** The report page's calls; decisions are recorded and answered by `decide`. */
function serveReport(
  report: Report,
  decide: (body: Record<string, unknown>) => Response | Promise<Response>,
  actions = [...adminActions, "ModerationRead", "ModerationWrite"],
) {
  const bodies: Record<string, unknown>[] = [];
  server.use(
    http.get(`${API}/CurrentUser/UserRolesWithResolvedActions`, () =>
      HttpResponse.json({ roles: [], resolvedActions: actions }),
    ),
    http.get(`${API}/admin/moderation/reports/:id`, () => HttpResponse.json(report)),
    http.get(`${API}/admin/moderation/reports/:id/context`, () =>
      HttpResponse.json({
        moderationReportId: REPORT_ID,
        conversationSegments: [
          { role: "user", text: "Hello" },
          { role: "agent", text: "Go away." },
        ],
      }),
    ),
    http.get(`${API}/admin/moderation/reports`, () =>
      HttpResponse.json([report], { headers: { "Content-Range": "moderation 0-0/1" } }),
    ),
    http.post(`${API}/admin/moderation/decision`, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      bodies.push(body);
      return decide(body);
    }),
  );
  return bodies;
}

const decided = (body: Record<string, unknown>, warnings: { property: string; message: string }[] = []) =>
  HttpResponse.json({
    report: {
      ...openReport,
      reportStatus: "Resolved",
      moderationDecision: {
        agentModerationAction: body.agentModerationAction,
        userModerationAction: body.userModerationAction,
        notes: body.moderationNotes,
        submittedAt: "2026-11-21T11:00:00Z",
        moderator: { userId: null, displayName: "Ada Lovelace" },
        isBulkResolution: body.isBulkResolution,
      },
    },
    resolvedReportIds: [REPORT_ID],
    warnings,
  });

async function openReportPage() {
  signInForTest();
  renderApp(`/admin/moderation/report/${REPORT_ID}/view`);
  expect(
    await screen.findByRole("heading", { name: "Admin: Moderation Report" }, { timeout: 10_000 }),
  ).toBeInTheDocument();
  await screen.findByText("It insulted me.");
}

const notes = () => screen.getByRole("textbox", { name: "Note for internal reference (required)" });

describe("the moderation report page", { timeout: 30_000 }, () => {
  it("shows the report, its context and the badge; TakeNoAction asks 'Bulk action' and submits 'Only this Report'", async () => {
    const bodies = serveReport(openReport, (body) => decided(body));
    await openReportPage();
    expect(screen.getByText("Hate Or Harassment")).toBeInTheDocument();
    expect(screen.getByText("Carl Creator")).toBeInTheDocument();
    expect(await screen.findByText("Go away.")).toBeInTheDocument();
    const navigation = screen.getByRole("navigation", { name: "Admin navigation" });
    expect(await within(navigation).findByLabelText("1 open reports")).toHaveTextContent("1");

    await userEvent.click(screen.getByRole("button", { name: "Submit decision" }));
    expect(screen.getByText("Note is required")).toBeInTheDocument();
    expect(bodies).toEqual([]);

    await userEvent.type(notes(), "Rude but harmless.");
    await userEvent.click(screen.getByRole("button", { name: "Submit decision" }));
    const dialog = await screen.findByRole("dialog", { name: "Bulk action" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Only this Report" }));
    expect(await screen.findByText("Decision submitted")).toBeInTheDocument();
    expect(bodies).toEqual([
      {
        moderationReportId: REPORT_ID,
        agentModerationAction: "TakeNoAction",
        userModerationAction: "TakeNoAction",
        moderationNotes: "Rude but harmless.",
        isBulkResolution: false,
      },
    ]);
    expect(await screen.findByRole("heading", { name: "Admin: Moderation" })).toBeInTheDocument();
  });

  it("confirms a ban with 'Are you sure?' and submits it as a bulk resolution", async () => {
    const bodies = serveReport(openReport, (body) => decided(body));
    await openReportPage();
    await userEvent.click(screen.getByRole("radio", { name: "Ban agent" }));
    await userEvent.type(notes(), "Harassment.");
    await userEvent.click(screen.getByRole("button", { name: "Submit decision" }));
    const dialog = await screen.findByRole("dialog", { name: "Are you sure?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Ban Agent" }));
    expect(await screen.findByText("Decision submitted")).toBeInTheDocument();
    expect(bodies[0]).toMatchObject({ agentModerationAction: "BanAgent", isBulkResolution: true });
  });

  /** Answers 'Bulk action' and waits for the dialog to close: while it closes, MUI hides the page from the accessibility tree. */
  async function chooseAllReports() {
    await userEvent.click(
      within(await screen.findByRole("dialog", { name: "Bulk action" })).getByRole("button", { name: "All Reports" }),
    );
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Bulk action" })).toBeNull(), { timeout: 5000 });
  }

  it("keeps the server's error data in the form with 'Failed to submit decision'", async () => {
    serveReport(openReport, () =>
      HttpResponse.json(
        {
          type: "about:blank",
          title: "Bad Request",
          status: 400,
          detail: "The request is not valid.",
          errors: { userModerationAction: ["Creator action required"] },
        },
        { status: 400, headers: { "Content-Type": "application/problem+json" } },
      ),
    );
    await openReportPage();
    await userEvent.type(notes(), "x");
    await userEvent.click(screen.getByRole("button", { name: "Submit decision" }));
    await chooseAllReports();
    // The toast, and the same words heading the server's error data in the form.
    await waitFor(() => expect(screen.getAllByText("Failed to submit decision")).toHaveLength(2));
    const alert = within(screen.getByRole("region", { name: "Decision" })).getByRole("alert");
    expect(alert).toHaveTextContent("The request is not valid.");
    expect(alert).toHaveTextContent("userModerationAction: Creator action required");
    expect(screen.getByRole("heading", { name: "Admin: Moderation Report" })).toBeInTheDocument();
  });

  it("shows server warnings above the decision and stays on the report", async () => {
    serveReport(openReport, (body) =>
      decided(body, [{ property: "agentModerationAction", message: "This agent was already banned." }]),
    );
    await openReportPage();
    await userEvent.type(notes(), "Again.");
    await userEvent.click(screen.getByRole("button", { name: "Submit decision" }));
    await chooseAllReports();
    expect(await screen.findByText("agentModerationAction: This agent was already banned.")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Admin: Moderation Report" })).toBeInTheDocument();
  });

  it("offers no creator action the creator is already under, saying why", async () => {
    serveReport(
      { ...openReport, personalAgentSettings: { isBannedFromCreatingAgents: false, isBannedFromSharingAgents: true } },
      (body) => decided(body),
    );
    await openReportPage();
    expect(screen.getByRole("radio", { name: /Block agent sharing/ })).toBeDisabled();
    expect(screen.getByRole("radio", { name: /Block agent creation/ })).toBeEnabled();
    expect(screen.getByText("This creator is currently blocked from sharing")).toBeInTheDocument();
  });

  it("says so without ModerationRead", async () => {
    serveReport(openReport, (body) => decided(body), [...adminActions]);
    signInForTest();
    renderApp(`/admin/moderation/report/${REPORT_ID}/view`);
    expect(
      await screen.findByText("You do not have permissions to read the moderation reports", undefined, {
        timeout: 10_000,
      }),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole("heading", { name: "Admin: Moderation Report" })).not.toBeInTheDocument(),
    );
  });
});
