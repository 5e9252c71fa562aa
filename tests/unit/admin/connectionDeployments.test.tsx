import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import { memoryStore } from "react-admin";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { registryResources } from "../../../src/admin/dataProvider/registryResources";
import { connectionRoutes } from "../../../src/admin/resources/Connections/connectionRoutes";
import { RegistryAdmin } from "../../../src/admin/resources/RegistryAdmin";
import { AppProviders } from "../../../src/app/AppProviders";
import { createQueryClient } from "../../../src/app/queryClient";
import { signInForTest } from "../utils/renderApp";
import { server } from "../utils/server";

const CONNECTION_ID = "3f0c1f7e-5d0a-4c55-9a55-2b8f6d1e0a01";
const API = `/api/internal/admin/Connections/${CONNECTION_ID}`;

const connection = {
  connectionId: CONNECTION_ID,
  name: "My model server",
  providerType: "openaiCompatible",
  baseUrl: "http://127.0.0.1:9/v1",
  apiKeyMasked: "sk-…cret",
  deploymentCount: 1,
  createdAt: "2026-11-01T00:00:00.000Z",
  updatedAt: "2026-11-01T00:00:00.000Z",
};

interface Deployment {
  deploymentId: string;
  connectionId: string;
  deploymentName: string;
  displayName?: string;
  supportsVision?: boolean;
}

/** The connection's deployments as a fake server keeps them; `refuseDelete` answers 409 as the server does for one in use. */
function fakeDeployments(initial: Deployment[], refuseDelete?: string) {
  const deployments = [...initial];
  const sent: unknown[] = [];
  server.use(
    http.get(API, () => HttpResponse.json({ ...connection, deploymentCount: deployments.length })),
    http.get(`${API}/deployments`, () => HttpResponse.json(deployments)),
    http.post(`${API}/deployments`, async ({ request }) => {
      const body = (await request.json()) as Omit<Deployment, "deploymentId" | "connectionId">;
      sent.push(body);
      const created = { deploymentId: `d-${deployments.length + 1}`, connectionId: CONNECTION_ID, ...body };
      deployments.push(created);
      return HttpResponse.json(created, { status: 201 });
    }),
    http.delete(`${API}/deployments/:deploymentId`, ({ params }) => {
      const index = deployments.findIndex((d) => d.deploymentId === params.deploymentId);
      if (params.deploymentId === refuseDelete)
        return HttpResponse.json(
          {
            type: "about:blank",
            title: "Conflict",
            status: 409,
            detail: "An agent's configuration uses this deployment.",
          },
          { status: 409, headers: { "content-type": "application/problem+json" } },
        );
      const [removed] = deployments.splice(index, 1);
      return HttpResponse.json(removed);
    }),
  );
  return { deployments, sent };
}

function renderConnectionEdit() {
  signInForTest();
  const router = createMemoryRouter(
    [
      {
        path: "/admin/*",
        element: (
          <RegistryAdmin resources={registryResources} store={memoryStore()}>
            {connectionRoutes(registryResources)}
          </RegistryAdmin>
        ),
      },
    ],
    { initialEntries: [`/admin/connection/${CONNECTION_ID}/edit`] },
  );
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

const deploymentList = () => screen.findByRole("list", { name: "Deployments" });

describe("a connection's deployments on its edit page", { timeout: 30_000 }, () => {
  it("lists them, adds one from the deployment schema's form and removes one", async () => {
    const { sent } = fakeDeployments([
      {
        deploymentId: "d-1",
        connectionId: CONNECTION_ID,
        deploymentName: "gpt-4o",
        displayName: "GPT-4o",
        supportsVision: true,
      },
    ]);
    renderConnectionEdit();
    const list = await deploymentList();
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["GPT-4ogpt-4o · Accepts images"]);
    // The connection's own form is still there, without the read-only count the list replaces.
    expect(await screen.findByRole("textbox", { name: "Name" })).toHaveValue("My model server");
    expect(screen.queryByRole("textbox", { name: "Deployments" })).toBeNull();

    await userEvent.type(screen.getByRole("textbox", { name: "Deployment or model name" }), "llama3.1");
    await userEvent.type(screen.getByRole("textbox", { name: "Display name" }), "Llama 3.1");
    await userEvent.click(screen.getByRole("button", { name: "Add deployment" }));
    await waitFor(() => expect(sent).toEqual([{ deploymentName: "llama3.1", displayName: "Llama 3.1" }]));
    await waitFor(() =>
      expect(within(screen.getByRole("list", { name: "Deployments" })).getAllByRole("listitem")).toHaveLength(2),
    );
    expect(screen.getByText("Llama 3.1")).toBeInTheDocument();
    // A new, empty form for the next one.
    await waitFor(() => expect(screen.getByRole("textbox", { name: "Deployment or model name" })).toHaveValue(""));

    // Removal asks first: Cancel keeps it, Remove removes it.
    await userEvent.click(screen.getByRole("button", { name: "Remove deployment GPT-4o" }));
    const confirm = await screen.findByRole("dialog", { name: "Remove deployment GPT-4o?" });
    await userEvent.click(within(confirm).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(within(screen.getByRole("list", { name: "Deployments" })).getAllByRole("listitem")).toHaveLength(2);
    await userEvent.click(screen.getByRole("button", { name: "Remove deployment GPT-4o" }));
    await userEvent.click(
      within(await screen.findByRole("dialog", { name: "Remove deployment GPT-4o?" })).getByRole("button", {
        name: "Remove",
      }),
    );
    await waitFor(() =>
      expect(within(screen.getByRole("list", { name: "Deployments" })).getAllByRole("listitem")).toHaveLength(1),
    );
    expect(screen.queryByText("GPT-4o")).toBeNull();
  });

  it("edits a deployment: its display name and whether it accepts images", async () => {
    const { deployments } = fakeDeployments([
      { deploymentId: "d-1", connectionId: CONNECTION_ID, deploymentName: "gpt-4o", displayName: "GPT-4o" },
    ]);
    const changed: unknown[] = [];
    server.use(
      http.put(`${API}/deployments/:deploymentId`, async ({ request, params }) => {
        const body = (await request.json()) as Partial<Deployment>;
        changed.push(body);
        const deployment = deployments.find((d) => d.deploymentId === params.deploymentId)!;
        Object.assign(deployment, body);
        return HttpResponse.json(deployment);
      }),
    );
    renderConnectionEdit();
    await deploymentList();
    await userEvent.click(screen.getByRole("button", { name: "Edit deployment GPT-4o" }));
    expect(await screen.findByRole("heading", { name: "Edit GPT-4o" })).toBeInTheDocument();
    const forms = screen.getAllByRole("textbox", { name: "Display name" });
    // The edit form comes first, above the form that adds one.
    expect(forms[0]).toHaveValue("GPT-4o");
    await userEvent.clear(forms[0]!);
    await userEvent.type(forms[0]!, "GPT-4o vision");
    await userEvent.click(screen.getAllByRole("checkbox", { name: "Accepts images" })[0]!);
    await userEvent.click(screen.getByRole("button", { name: "Save deployment" }));
    await waitFor(() =>
      expect(changed).toEqual([
        expect.objectContaining({ deploymentName: "gpt-4o", displayName: "GPT-4o vision", supportsVision: true }),
      ]),
    );
    expect(await deploymentList()).toHaveTextContent("GPT-4o visiongpt-4o · Accepts images");
    expect(screen.queryByRole("heading", { name: /^Edit / })).toBeNull();
  });

  it("says that a connection without deployments serves no model yet, and sends the vision choice", async () => {
    const { sent } = fakeDeployments([]);
    renderConnectionEdit();
    expect(
      await screen.findByText("No deployment yet: add the model this connection serves, so that agents can use it."),
    ).toBeInTheDocument();
    await userEvent.type(await screen.findByRole("textbox", { name: "Deployment or model name" }), "gpt-4o-mini");
    await userEvent.click(screen.getByRole("checkbox", { name: "Accepts images" }));
    await userEvent.click(screen.getByRole("button", { name: "Add deployment" }));
    await waitFor(() => expect(sent).toEqual([{ deploymentName: "gpt-4o-mini", supportsVision: true }]));
    expect(await deploymentList()).toHaveTextContent("gpt-4o-mini · Accepts images");
  });

  it("shows the server's reason when a deployment in use cannot be removed, and keeps it listed", async () => {
    fakeDeployments([{ deploymentId: "d-1", connectionId: CONNECTION_ID, deploymentName: "gpt-4o" }], "d-1");
    renderConnectionEdit();
    await deploymentList();
    await userEvent.click(screen.getByRole("button", { name: "Remove deployment gpt-4o" }));
    await userEvent.click(
      within(await screen.findByRole("dialog", { name: "Remove deployment gpt-4o?" })).getByRole("button", {
        name: "Remove",
      }),
    );
    expect(await screen.findByRole("alert")).toHaveTextContent("An agent's configuration uses this deployment.");
    expect(within(await deploymentList()).getAllByRole("listitem")).toHaveLength(1);
  });

  it("shows a field error from the server on its field", async () => {
    fakeDeployments([]);
    server.use(
      http.post(`${API}/deployments`, () =>
        HttpResponse.json(
          {
            type: "about:blank",
            title: "Bad Request",
            status: 400,
            detail: "The request is not valid.",
            errors: { deploymentName: ["must NOT have more than 200 characters"] },
          },
          { status: 400, headers: { "content-type": "application/problem+json" } },
        ),
      ),
    );
    renderConnectionEdit();
    await userEvent.type(await screen.findByRole("textbox", { name: "Deployment or model name" }), "x");
    await userEvent.click(screen.getByRole("button", { name: "Add deployment" }));
    expect(await screen.findByText("must NOT have more than 200 characters")).toBeInTheDocument();
  });
});
