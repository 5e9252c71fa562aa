/** The agent configuration page's own save flow shows the warnings the server answers beside the saved draft. */
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { describe, expect, it, vi } from "vitest";
import ConfigStateEditPage from "../../../../src/admin/resources/gptSystems/ConfigStateEditPage";
import { AppProviders } from "../../../../src/app/AppProviders";
import { createQueryClient } from "../../../../src/app/queryClient";
import { signInForTest } from "../../utils/renderApp";
import { server } from "../../utils/server";
import { defaultModelSettings } from "../../utils/fixtures";

// The test chat beside the form talks to the chat API; it is not what this test is about.
vi.mock("../../../../src/chat/draftChat/LazyDraftTestChat", () => ({ LazyDraftTestChat: () => null }));

const draft = {
  configStateId: "cs-1",
  gptSystemId: "a-1",
  gptSystemName: "Reader",
  configStateType: "System",
  version: 2,
  isPublished: false,
  systemPrompt: "Be brief.",
  introduction: "",
  ...defaultModelSettings,
  createdAt: "2026-11-20T10:00:00.000Z",
  updatedAt: "2026-11-20T10:00:00.000Z",
};
const VISION = "Vision is on, but the deployment Local engine (no language model) does not accept images.";

describe("agent configuration save warnings", { timeout: 30_000 }, () => {
  it("shows the warnings of a saved draft above its Save button", async () => {
    let puts = 0;
    server.use(
      http.get("/api/internal/admin/configStates/cs-1", () => HttpResponse.json(draft)),
      http.put("/api/internal/admin/configStates/cs-1", () => {
        puts += 1;
        return HttpResponse.json({
          ...draft,
          capabilityTypes: ["Vision"],
          updatedAt: "2026-11-21T10:00:00.000Z",
          warnings: [{ property: "capabilityTypes", message: VISION }],
        });
      }),
      http.get("/api/internal/admin/gptSystems/a-1/configStates", () => HttpResponse.json([draft])),
      http.get("/api/internal/admin/availableDeployments", () =>
        HttpResponse.json([
          {
            languageEngine: "local",
            connectionName: "Built-in",
            deploymentName: "local",
            displayName: "Local engine (no language model)",
            supportsVision: false,
          },
        ]),
      ),
      http.get("/api/internal/admin/dataSources", () =>
        HttpResponse.json([], { headers: { "Content-Range": "dataSources 0-0/0" } }),
      ),
    );
    signInForTest();
    const router = createMemoryRouter(
      [{ path: "/admin/gptsystem/configstate/:configStateId/edit", element: <ConfigStateEditPage /> }],
      { initialEntries: ["/admin/gptsystem/configstate/cs-1/edit"] },
    );
    render(
      <AppProviders queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </AppProviders>,
    );

    await userEvent.click(await screen.findByRole("checkbox", { name: "Vision" }, { timeout: 15_000 }));
    expect(screen.queryByText(VISION)).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Save draft" }));
    const warning = await screen.findByText(VISION);
    expect(warning.closest("li")).toHaveTextContent(`capabilityTypes: ${VISION}`);
    expect(puts).toBe(1);
  });
});
