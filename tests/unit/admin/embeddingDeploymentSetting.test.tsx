/** The apiKeys tab's embedding deployment: picked from the deployments the server says can embed, or none. */
import { render, screen, waitFor, within } from "@testing-library/react";
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
const SMALL = "6d3f0b8e-1c2a-4f5b-9a7e-000000000001";
const LARGE = "6d3f0b8e-1c2a-4f5b-9a7e-000000000002";

const apiKeys = (embeddingDeploymentId: string | null) => ({
  bingSearchKeyMasked: "",
  claudeKeyMasked: "",
  embeddingDeploymentId,
  embeddingDeploymentChoices: [
    { deploymentId: SMALL, label: "OpenAI — text-embedding-3-small" },
    { deploymentId: LARGE, label: "OpenAI — text-embedding-3-large" },
  ],
  connections: [],
});

function renderApiKeysTab() {
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
    { initialEntries: ["/admin/instanceSettings/apiKeys"] },
  );
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

describe("embedding deployment setting", { timeout: 30_000 }, () => {
  it("offers the deployments that can embed, saves the chosen one's id, and None as null", async () => {
    const sent: unknown[] = [];
    server.use(
      http.get(`${API}/apiKeys`, () => HttpResponse.json(apiKeys(SMALL))),
      http.put(`${API}/apiKeys`, async ({ request }) => {
        const body = (await request.json()) as { embeddingDeploymentId: string | null };
        sent.push(body);
        return HttpResponse.json(apiKeys(body.embeddingDeploymentId));
      }),
    );
    renderApiKeysTab();
    const picker = await screen.findByRole("combobox", { name: "Embedding deployment" });
    expect(picker).toHaveTextContent("OpenAI — text-embedding-3-small");

    await userEvent.click(picker);
    const options = within(await screen.findByRole("listbox")).getAllByRole("option");
    expect(options.map((o) => o.textContent)).toEqual([
      "None",
      "OpenAI — text-embedding-3-small",
      "OpenAI — text-embedding-3-large",
    ]);
    await userEvent.click(options[2]!);
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ embeddingDeploymentId: LARGE });
    expect(sent[0]).not.toHaveProperty("embeddingDeploymentChoices");

    await userEvent.click(await screen.findByRole("combobox", { name: "Embedding deployment" }));
    await userEvent.click(within(await screen.findByRole("listbox")).getByRole("option", { name: "None" }));
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toMatchObject({ embeddingDeploymentId: null });
  });
});
