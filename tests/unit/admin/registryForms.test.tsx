import { render, screen, waitFor, within } from "@testing-library/react";
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

/** Shapes exactly as codegen writes them: a $ref'd enum as a single-branch allOf, a nullable enum, an untitled id. */
const gadgets: AdminResource = {
  definition: {
    schema: "Gadget",
    name: "gadgets",
    idField: "gadgetId",
    listColumns: ["name", "status"],
    group: "Administration",
    actions: [],
    path: "gadget",
    title: "Gadgets",
    operations: { create: true, update: true, delete: true },
  },
  schema: {
    type: "object",
    required: ["name"],
    properties: {
      gadgetId: { type: "string", format: "uuid", readOnly: true },
      name: { type: "string", title: "Name" },
      status: { allOf: [{ type: "string", title: "Status", enum: ["Active", "Inactive", "Draft"] }] },
      kind: { allOf: [{ type: "string", enum: ["System", "User"] }], title: "Type", readOnly: true },
      moderationStatus: { type: ["string", "null"], title: "Moderation status", enum: ["Banned", null] },
      actions: {
        type: "array",
        title: "Actions",
        uniqueItems: true,
        items: { type: "string", enum: ["BrandsRead", "BrandsWrite", "UserRead"] },
      },
      roleIds: { type: "array", title: "Roles", uniqueItems: true, items: { type: "string", format: "uuid" } },
      apiKey: { type: "string", title: "API key", writeOnly: true },
      apiKeyMasked: { type: "string", title: "API key", readOnly: true },
    },
  },
  uiSchema: {
    actions: { "ui:widget": "actionMultiSelect" },
    roleIds: { "ui:widget": "referencePicker", "ui:options": { resource: "roles", labelField: "name" } },
    apiKey: { "ui:widget": "secret", "ui:options": { maskedField: "apiKeyMasked" } },
    apiKeyMasked: { "ui:widget": "hidden" },
  },
};

/** A read-only family: the contract offers no POST, PUT or DELETE for it. */
const entries: AdminResource = {
  definition: {
    schema: "Entry",
    name: "entries",
    idField: "entryId",
    listColumns: ["occurredAt", "operation"],
    filters: ["operation"],
    group: "Administration",
    actions: [],
    path: "entry",
    title: "Entries",
    operations: { create: false, update: false, delete: false },
  },
  schema: {
    type: "object",
    properties: {
      entryId: { type: "string", readOnly: true },
      occurredAt: { type: "string", format: "date-time", title: "When", readOnly: true },
      operation: { type: "string", title: "Operation", enum: ["Create", "Delete"], readOnly: true },
      after: { type: ["object", "null"], title: "After", readOnly: true },
    },
  },
};

/** A resource the reference picker reads its choices from (not in the menu: no operations needed). */
const roles: AdminResource = {
  definition: {
    ...entries.definition,
    name: "roles",
    idField: "roleId",
    path: "roleList",
    title: "Roles",
    listColumns: ["name"],
  },
  schema: { type: "object", properties: { roleId: { type: "string" }, name: { type: "string" } } },
};

const gadget = {
  gadgetId: "g-1",
  name: "Sprocket",
  status: "Active",
  kind: "System",
  moderationStatus: "Banned",
  actions: ["BrandsRead"],
  roleIds: ["r-1"],
  apiKeyMasked: "sk-…1234",
};

function renderAdmin(path: string) {
  signInForTest();
  const router = createMemoryRouter(
    [{ path: "/admin/*", element: <RegistryAdmin resources={[gadgets, entries, roles]} store={memoryStore()} /> }],
    { initialEntries: [path] },
  );
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

const rolesHandler = http.get("/api/internal/admin/roles", () =>
  HttpResponse.json(
    [
      { roleId: "r-1", name: "Auditors" },
      { roleId: "r-2", name: "Editors" },
    ],
    { headers: { "Content-Range": "roles 0-1/2" } },
  ),
);

// rjsf forms render slowly in jsdom on a shared 2-core machine.
describe("registry forms", { timeout: 30_000 }, () => {
  it("shows single-branch allOf enums with their value, offers no 'null' choice, labels the id, and uses the named widgets", async () => {
    server.use(
      rolesHandler,
      http.get("/api/internal/admin/gadgets/g-1", () => HttpResponse.json(gadget)),
    );
    renderAdmin("/admin/gadget/g-1/edit");

    expect(await screen.findByRole("textbox", { name: "ID" })).toHaveValue("g-1");
    expect(screen.getByRole("combobox", { name: "Status" })).toHaveTextContent("Active");
    expect(screen.getByRole("combobox", { name: "Type" })).toHaveTextContent("System");
    const moderation = screen.getByRole("combobox", { name: "Moderation status" });
    expect(moderation).toHaveTextContent("Banned");
    await userEvent.click(moderation);
    const options = within(await screen.findByRole("listbox"))
      .getAllByRole("option")
      .map((option) => option.textContent);
    expect(options).not.toContain("null");
    expect(options).toContain("Banned");
    await userEvent.keyboard("{Escape}");

    // Action multi-select: grouped checkboxes; reference picker: the role's name, not its id.
    expect(screen.getByRole("group", { name: "Brands" })).toBeInTheDocument();
    expect(screen.getByRole("checkbox", { name: "BrandsRead" })).toBeChecked();
    expect(screen.getByRole("checkbox", { name: "BrandsWrite" })).not.toBeChecked();
    expect(await screen.findByRole("button", { name: "Auditors" })).toBeInTheDocument();
    // Secret: masked, empty, the stored key's mask as placeholder.
    const key = screen.getByLabelText("API key");
    expect(key).toHaveAttribute("type", "password");
    expect(key).toHaveValue("");
    expect(key).toHaveAttribute("placeholder", "sk-…1234");
  });

  it("sends the checked actions, the picked role ids, null for a cleared nullable enum, and no secret left empty", async () => {
    let sent: Record<string, unknown> | undefined;
    server.use(
      rolesHandler,
      http.get("/api/internal/admin/gadgets/g-1", () => HttpResponse.json(gadget)),
      http.put("/api/internal/admin/gadgets/g-1", async ({ request }) => {
        sent = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ ...gadget, ...sent });
      }),
      http.get("/api/internal/admin/gadgets", () =>
        HttpResponse.json([gadget], { headers: { "Content-Range": "gadgets 0-0/1" } }),
      ),
    );
    renderAdmin("/admin/gadget/g-1/edit");
    await userEvent.click(await screen.findByRole("checkbox", { name: "UserRead" }));
    await userEvent.click(screen.getByRole("combobox", { name: "Roles" }));
    await userEvent.click(await screen.findByRole("option", { name: "Editors" }));
    await userEvent.click(screen.getByRole("combobox", { name: "Moderation status" }));
    // rjsf's select of an optional field starts with an empty choice: picking it clears the field.
    const emptyChoice = within(await screen.findByRole("listbox")).getAllByRole("option")[0]!;
    expect(emptyChoice).toHaveTextContent(/^$/);
    await userEvent.click(emptyChoice);
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(sent).toBeDefined());
    expect(sent).toEqual({
      name: "Sprocket",
      status: "Active",
      moderationStatus: null,
      actions: ["BrandsRead", "UserRead"],
      roleIds: ["r-1", "r-2"],
    });
  });

  it("keeps the page open after a save that answers warnings, showing each warning's property and message", async () => {
    server.use(
      rolesHandler,
      http.get("/api/internal/admin/gadgets/g-1", () => HttpResponse.json(gadget)),
      http.put("/api/internal/admin/gadgets/g-1", () =>
        HttpResponse.json({ ...gadget, warnings: [{ property: "status", message: "Draft gadgets are not offered." }] }),
      ),
    );
    const router = renderAdmin("/admin/gadget/g-1/edit");
    await userEvent.click(await screen.findByRole("button", { name: "Save" }));
    const warning = await screen.findByText("Draft gadgets are not offered.");
    expect(warning.closest("li")).toHaveTextContent("status: Draft gadgets are not offered.");
    expect(screen.getByText("Saved with warnings")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/admin/gadget/g-1/edit");
  });

  it("opens the new record's edit page after a create that answers warnings, showing them there, after one POST", async () => {
    let posts = 0;
    const created = { ...gadget, gadgetId: "g-2", name: "Cog", status: "Draft" };
    server.use(
      rolesHandler,
      http.post("/api/internal/admin/gadgets", () => {
        posts += 1;
        return HttpResponse.json(
          { ...created, warnings: [{ property: "status", message: "Draft gadgets are not offered." }] },
          { status: 201 },
        );
      }),
      http.get("/api/internal/admin/gadgets/g-2", () => HttpResponse.json(created)),
    );
    const router = renderAdmin("/admin/gadget/new");
    await userEvent.type(await screen.findByRole("textbox", { name: "Name" }), "Cog");
    await userEvent.click(screen.getByRole("button", { name: "Save" }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/admin/gadget/g-2/edit"));
    expect(await screen.findByRole("textbox", { name: "ID" })).toHaveValue("g-2");
    const warning = await screen.findByText("Draft gadgets are not offered.");
    expect(warning.closest("li")).toHaveTextContent("status: Draft gadgets are not offered.");
    expect(screen.getByRole("button", { name: "Save" })).toBeEnabled();
    expect(posts).toBe(1);
  });

  it("gives a read-only family a list only: no Create, rows expand to the whole record, enum filters", async () => {
    const queries: string[] = [];
    server.use(
      http.get("/api/internal/admin/entries", ({ request }) => {
        queries.push(new URL(request.url).searchParams.get("filter") ?? "");
        return HttpResponse.json(
          [{ entryId: "e-1", occurredAt: "2026-11-20T10:00:00.000Z", operation: "Create", after: { name: "Acme" } }],
          { headers: { "Content-Range": "entries 0-0/1" } },
        );
      }),
    );
    const router = renderAdmin("/admin/entry");
    expect(await screen.findByText("Create")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Create" })).toBeNull();
    await userEvent.click(screen.getByText("Create"));
    expect(await screen.findByText(/"name": "Acme"/)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/admin/entry");

    await userEvent.click(screen.getByRole("combobox", { name: "Operation" }));
    await userEvent.click(await screen.findByRole("option", { name: "Delete" }));
    await waitFor(() => expect(queries.at(-1)).toBe('{"operation":"Delete"}'));

    await router.navigate("/admin/entry/e-1/edit");
    await waitFor(() => expect(screen.queryByRole("button", { name: "Save" })).toBeNull());
  });

  it("words react-admin's own labels through the product's messages", async () => {
    server.use(
      http.get("/api/internal/admin/entries", () =>
        HttpResponse.json([], { headers: { "Content-Range": "entries 0-0/0" } }),
      ),
    );
    renderAdmin("/admin/entry");
    expect(await screen.findByText("No Entries found")).toBeInTheDocument();
  });
});
