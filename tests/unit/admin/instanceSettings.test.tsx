import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import { memoryStore } from "react-admin";
import { createMemoryRouter, Route, RouterProvider } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { InstanceSettingsPage } from "../../../src/admin/resources/instanceSettings/InstanceSettingsPage";
import { RegistryAdmin } from "../../../src/admin/resources/RegistryAdmin";
import { AppProviders } from "../../../src/app/AppProviders";
import { createQueryClient } from "../../../src/app/queryClient";
import { signInForTest } from "../utils/renderApp";
import { server } from "../utils/server";

const API = "/api/internal/admin/instanceSettings";

function renderSettings(path: string) {
  signInForTest();
  const router = createMemoryRouter(
    [
      {
        path: "/admin/*",
        element: (
          <RegistryAdmin resources={[]} store={memoryStore()}>
            <Route path="instanceSettings/:tab" element={<InstanceSettingsPage />} />
          </RegistryAdmin>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

const budget = {
  monthlyTokenCapInstance: 5000,
  monthlyTokenCapPerUser: null,
  monthlyTokenCapPerAgent: null,
  usage: {
    instanceTokensThisMonth: 1250,
    periodStart: "2026-11-01T00:00:00.000Z",
    resetsOn: "2026-12-01T00:00:00.000Z",
  },
};

describe("instance settings", { timeout: 30_000 }, () => {
  it("shows the budget tab's usage against the instance cap and saves a cleared cap as null", async () => {
    let sent: unknown;
    server.use(
      http.get(`${API}/budget`, () => HttpResponse.json(budget)),
      http.put(`${API}/budget`, async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ ...budget, monthlyTokenCapInstance: null });
      }),
    );
    renderSettings("/admin/instanceSettings/budget");
    expect(await screen.findByText("1,250 of 5,000 tokens used (25%)")).toBeInTheDocument();
    expect(screen.getByText("Resets on 01 Dec 2026")).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "Budget", selected: true })).toBeInTheDocument();
    await userEvent.clear(screen.getByRole("textbox", { name: "Whole instance" }));
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(sent).toBeDefined());
    // readOnly usage stays out of the body; the emptied cap is sent as null (no cap).
    expect(sent).toEqual({
      monthlyTokenCapInstance: null,
      monthlyTokenCapPerUser: null,
      monthlyTokenCapPerAgent: null,
    });
    expect(await screen.findByText("1,250 tokens used, no instance cap")).toBeInTheDocument();
  });

  it("sends an unknown tab to apiKeys, whose keys are masked and connections summarised", async () => {
    server.use(
      http.get(`${API}/apiKeys`, () =>
        HttpResponse.json({
          bingSearchKeyMasked: "",
          claudeKeyMasked: "sk-ant…9xyz",
          connections: [
            {
              connectionId: "c-1",
              name: "OpenAI",
              providerType: "openai",
              baseUrl: "",
              apiKeyMasked: "sk-…abcd",
              deploymentCount: 2,
              createdAt: "2026-11-01T00:00:00.000Z",
              updatedAt: "2026-11-01T00:00:00.000Z",
            },
          ],
        }),
      ),
    );
    const router = renderSettings("/admin/instanceSettings/nonsense");
    await waitFor(() => expect(router.state.location.pathname).toBe("/admin/instanceSettings/apiKeys"));
    expect(await screen.findByLabelText("Claude key")).toHaveAttribute("placeholder", "sk-ant…9xyz");
    expect(screen.getByText("Stored key sk-ant…9xyz is kept unless you enter a new one.")).toBeInTheDocument();
    expect(screen.getByRole("cell", { name: "sk-…abcd" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Manage connections" })).toHaveAttribute("href", "/admin/connection");
    // Chat models are connections with deployments, not keys of this tab: the page says so and where.
    expect(
      screen.getByText(
        "Chat models are set up as connections, each with a deployment for every model it serves, under Management → Connections; an agent then chooses one as its model deployment.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "OpenAI" })).toHaveAttribute("href", "/admin/connection/c-1/edit");
  });
});
