import { screen, waitFor, within } from "@testing-library/react";
import { render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import { memoryStore } from "react-admin";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { describe, expect, it } from "vitest";
import type { AdminResource } from "../../../src/admin/dataProvider/resourceSchema";
import { RegistryAdmin } from "../../../src/admin/resources/RegistryAdmin";
import { AppProviders } from "../../../src/app/AppProviders";
import { createQueryClient } from "../../../src/app/queryClient";
import { signInForTest } from "../utils/renderApp";
import { server } from "../utils/server";

/** A resource that exists only here: the screens must come from this entry and schema alone. */
const widgets: AdminResource = {
  definition: {
    schema: "Widget",
    name: "widgets",
    idField: "widgetId",
    listColumns: ["name", "size", "isActive"],
    filters: ["size"],
    group: "Administration",
    actions: [],
    path: "widget",
    title: "Widgets",
  },
  schema: {
    title: "Widget",
    type: "object",
    additionalProperties: false,
    required: ["name"],
    properties: {
      widgetId: { type: "string", readOnly: true },
      name: { type: "string", title: "Widget name", minLength: 1 },
      size: {
        type: "string",
        title: "Size",
        enum: ["Small", "Large"],
        "x-enum-labels": { Small: "Small size", Large: "Large size" },
      },
      isActive: { type: "boolean", title: "Active" },
      secret: { type: "string", title: "Secret", writeOnly: true },
    },
  },
};

const API = "/api/internal/admin/widgets";
const rows = [
  { widgetId: "w-1", name: "Sprocket", size: "Small", isActive: true },
  { widgetId: "w-2", name: "Gear", size: "Large", isActive: false },
];

function renderAdmin(path: string) {
  signInForTest();
  const router = createMemoryRouter(
    [{ path: "/admin/*", element: <RegistryAdmin resources={[widgets]} store={memoryStore()} /> }],
    { initialEntries: [path] },
  );
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

// rjsf forms render slowly in jsdom on a shared 2-core machine.
describe("registry-rendered admin resources", { timeout: 30_000 }, () => {
  it("lists rows from the collection with Content-Range paging and the entry's columns", async () => {
    let query: URLSearchParams | undefined;
    server.use(
      http.get(API, ({ request }) => {
        query = new URL(request.url).searchParams;
        return HttpResponse.json(rows, { headers: { "Content-Range": "widgets 0-1/2" } });
      }),
    );
    renderAdmin("/admin/widget");
    expect(await screen.findByText("Sprocket")).toBeInTheDocument();
    expect(screen.getByText("Gear")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Widgets" })).toBeInTheDocument();
    for (const label of ["Widget name", "Size", "Active"]) {
      expect(screen.getByRole("columnheader", { name: new RegExp(label) })).toBeInTheDocument();
    }
    expect(query?.get("range")).toBe("[0,24]");
    expect(query?.get("sort")).toBe('["name","ASC"]');
    expect(screen.getByText(/1-2 of 2/)).toBeInTheDocument();
  });

  it("names an enum's values as the contract labels them, in the list, its filter and the form, and sends the value", async () => {
    let sent: Record<string, unknown> | undefined;
    server.use(
      http.get(API, () => HttpResponse.json(rows, { headers: { "Content-Range": "widgets 0-1/2" } })),
      http.get(`${API}/w-1`, () => HttpResponse.json(rows[0])),
      http.put(`${API}/w-1`, async ({ request }) => {
        sent = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ ...rows[0], ...sent });
      }),
    );
    const user = userEvent.setup();
    const router = renderAdmin("/admin/widget");
    expect(await screen.findByText("Small size")).toBeInTheDocument();
    expect(screen.getByText("Large size")).toBeInTheDocument();
    expect(screen.queryByText("Small")).not.toBeInTheDocument();
    await user.click(screen.getByRole("combobox", { name: "Size" }));
    expect(screen.getByRole("option", { name: "Large size" })).toBeInTheDocument();
    await user.keyboard("{Escape}");

    await router.navigate("/admin/widget/w-1/edit");
    await waitFor(() => expect(screen.getByRole("combobox", { name: /Size/ })).toHaveTextContent("Small size"));
    await user.click(screen.getByRole("combobox", { name: /Size/ }));
    await user.click(await screen.findByRole("option", { name: "Large size" }));
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(sent).toMatchObject({ size: "Large" }));
  });

  it("edits a record: the form comes from the schema and PUT sends the edited field", async () => {
    let sent: Record<string, unknown> | undefined;
    server.use(
      http.get(`${API}/w-1`, () => HttpResponse.json(rows[0])),
      http.put(`${API}/w-1`, async ({ request }) => {
        sent = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ ...rows[0], ...sent });
      }),
      http.get(API, () => HttpResponse.json(rows, { headers: { "Content-Range": "widgets 0-1/2" } })),
    );
    const router = renderAdmin("/admin/widget/w-1/edit");
    const name = await screen.findByRole("textbox", { name: /Widget name/ });
    expect(name).toHaveValue("Sprocket");
    expect(screen.getByLabelText(/Secret/)).toHaveAttribute("type", "password");
    await userEvent.clear(name);
    await userEvent.type(name, "Cog");
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(sent).toBeDefined());
    expect(sent).toMatchObject({ name: "Cog", size: "Small", isActive: true });
    expect(sent).not.toHaveProperty("widgetId");
    expect(sent).not.toHaveProperty("id");
    await waitFor(() => expect(router.state.location.pathname).toBe("/admin/widget"));
  });

  it("shows a problem+json 400's field errors on their fields", async () => {
    server.use(
      http.post(API, () =>
        HttpResponse.json(
          {
            type: "about:blank",
            title: "Bad Request",
            status: 400,
            detail: "The request is not valid.",
            errors: { name: ["A widget with this name already exists."] },
          },
          { status: 400, headers: { "Content-Type": "application/problem+json" } },
        ),
      ),
    );
    renderAdmin("/admin/widget/new");
    const name = await screen.findByRole("textbox", { name: /Widget name/ });
    await userEvent.type(name, "Sprocket");
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    const field = name.closest(".MuiFormControl-root")?.parentElement as HTMLElement;
    expect(await within(field).findByText("A widget with this name already exists.")).toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent("The request is not valid.");
  });
});
