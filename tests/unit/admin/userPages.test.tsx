/**
 * The user pages beyond the registry's list and edit (spec §2: /admin/user
 * cards, {id}/profile, account), rendered by the admin's real routes against msw.
 */
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { describe, expect, it } from "vitest";
import ResourceRoutes from "../../../src/admin/resources/ResourceRoutes";
import { AppProviders } from "../../../src/app/AppProviders";
import { ShellDrawers } from "../../../src/app/layout/ShellDrawers";
import { createQueryClient } from "../../../src/app/queryClient";
import { userDetails } from "../utils/fixtures";
import { signInForTest } from "../utils/renderApp";
import { server } from "../utils/server";

const API = "/api/internal";
const ADMIN_ROLE = "10000000-0000-4000-8000-000000000001";
const USER_ROLE = "10000000-0000-4000-8000-000000000002";
const ada = {
  userId: userDetails.userId,
  userName: "ada",
  displayName: "Ada Lovelace",
  email: "ada@example.com",
  isDisabled: false,
  userRoleIds: [ADMIN_ROLE],
  isBannedFromCreatingAgents: false,
  isBannedFromSharingAgents: true,
  identityProviders: ["entraId", "local"],
  hasPassword: true,
  lastSignInAt: "2026-11-20T09:30:00Z",
  createdAt: "2026-01-02T08:00:00Z",
};
const grace = {
  ...ada,
  userId: "00000000-0000-4000-8000-000000000002",
  userName: "grace",
  displayName: "Grace Hopper",
  email: null,
  isDisabled: true,
  userRoleIds: [USER_ROLE],
};

const rolesHandler = http.get(`${API}/admin/userRoles`, () =>
  HttpResponse.json(
    [
      { userRoleId: ADMIN_ROLE, name: "admin" },
      { userRoleId: USER_ROLE, name: "user" },
    ],
    { headers: { "Content-Range": "userRoles 0-1/2" } },
  ),
);

function renderAdmin(path: string) {
  signInForTest();
  const router = createMemoryRouter(
    [
      {
        path: "/admin/*",
        element: (
          <>
            <ResourceRoutes />
            <ShellDrawers />
          </>
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

describe("user cards", { timeout: 30_000 }, () => {
  it("shows each user as a card with initials, name, email, status and role names, linking to profile and edit", async () => {
    const requests: URLSearchParams[] = [];
    server.use(
      rolesHandler,
      http.get(`${API}/admin/users`, ({ request }) => {
        requests.push(new URL(request.url).searchParams);
        return HttpResponse.json([ada, grace], { headers: { "Content-Range": "users 0-1/2" } });
      }),
    );
    renderAdmin("/admin/user/cards");

    const adaCard = await screen.findByRole("article", { name: "Ada Lovelace" });
    expect(within(adaCard).getByText("AL")).toBeInTheDocument();
    expect(within(adaCard).getByText("ada@example.com")).toBeInTheDocument();
    expect(within(adaCard).getByText("Active")).toBeInTheDocument();
    expect(await within(adaCard).findByText("admin")).toBeInTheDocument();
    expect(within(adaCard).getByRole("link", { name: "Profile of Ada Lovelace" })).toHaveAttribute(
      "href",
      `/admin/user/${ada.userId}/profile`,
    );
    expect(within(adaCard).getByRole("link", { name: "Edit Ada Lovelace" })).toHaveAttribute(
      "href",
      `/admin/user/${ada.userId}/edit`,
    );
    // No email: the user name stands in.
    const graceCard = screen.getByRole("article", { name: "Grace Hopper" });
    expect(within(graceCard).getByText("grace")).toBeInTheDocument();
    expect(within(graceCard).getByText("Disabled")).toBeInTheDocument();
    expect(within(graceCard).getByText("user")).toBeInTheDocument();
    // The same list operation as the table, by display name, 24 a page.
    expect(requests[0]?.get("sort")).toBe('["displayName","ASC"]');
    expect(requests[0]?.get("range")).toBe("[0,23]");
    expect(screen.getByRole("link", { name: "Show as list" })).toHaveAttribute("href", "/admin/user");
  });

  it("pages with the list's range and searches with its q filter", async () => {
    const requests: URLSearchParams[] = [];
    server.use(
      rolesHandler,
      http.get(`${API}/admin/users`, ({ request }) => {
        const params = new URL(request.url).searchParams;
        requests.push(params);
        const [first] = JSON.parse(params.get("range") ?? "[0,23]") as number[];
        const filter = JSON.parse(params.get("filter") ?? "{}") as { q?: string };
        if (filter.q) return HttpResponse.json([grace], { headers: { "Content-Range": "users 0-0/1" } });
        const page = first === 0 ? ada : grace;
        return HttpResponse.json([page], { headers: { "Content-Range": `users ${first}-${first}/30` } });
      }),
    );
    renderAdmin("/admin/user/cards");
    await screen.findByRole("article", { name: "Ada Lovelace" });
    await userEvent.click(screen.getByRole("button", { name: "Go to next page" }));
    expect(await screen.findByRole("article", { name: "Grace Hopper" })).toBeInTheDocument();
    expect(requests.at(-1)?.get("range")).toBe("[24,47]");

    await userEvent.type(screen.getByRole("searchbox", { name: "Search users" }), "gra");
    await waitFor(() => expect(JSON.parse(requests.at(-1)?.get("filter") ?? "{}")).toEqual({ q: "gra" }));
    expect(requests.at(-1)?.get("range")).toBe("[0,23]");
    expect(await screen.findByRole("article", { name: "Grace Hopper" })).toBeInTheDocument();
    expect(screen.queryByRole("article", { name: "Ada Lovelace" })).not.toBeInTheDocument();
  });

  it("is one click away from the users table", async () => {
    server.use(
      rolesHandler,
      http.get(`${API}/admin/users`, () => HttpResponse.json([ada], { headers: { "Content-Range": "users 0-0/1" } })),
    );
    const router = renderAdmin("/admin/user");
    await userEvent.click(await screen.findByRole("link", { name: "Show as cards" }));
    expect(router.state.location.pathname).toBe("/admin/user/cards");
    expect(await screen.findByRole("article", { name: "Ada Lovelace" })).toBeInTheDocument();
  });
});

describe("user profile", { timeout: 30_000 }, () => {
  it("shows details, role names, groups by name (the id when unnamed) and the user's audit trail, with an edit link", async () => {
    const auditFilters: unknown[] = [];
    server.use(
      rolesHandler,
      http.get(`${API}/CurrentUser/UserRolesWithResolvedActions`, () =>
        HttpResponse.json({ roles: [], resolvedActions: ["UserRead", "ConfigurationAuditLogRead"] }),
      ),
      http.get(`${API}/admin/users/${ada.userId}`, () => HttpResponse.json(ada)),
      http.get(`${API}/admin/users/${ada.userId}/groups`, () =>
        HttpResponse.json([
          { id: "g-unnamed", displayName: "", description: "" },
          { id: "g-sales", displayName: "Sales", description: "Sales team" },
        ]),
      ),
      http.get(`${API}/admin/auditLogging`, ({ request }) => {
        const filter = JSON.parse(new URL(request.url).searchParams.get("filter") ?? "{}") as Record<string, string>;
        auditFilters.push(filter);
        const entry = {
          auditLogId: filter.actor ? "a-1" : "a-2",
          occurredAt: "2026-11-21T10:00:00Z",
          actorUserId: filter.actor ? ada.userId : grace.userId,
          actorDisplayName: filter.actor ? "Ada Lovelace" : "Grace Hopper",
          entityType: filter.actor ? "Brand" : "User",
          entityId: filter.actor ? "default" : ada.userId,
          operation: "Update",
          before: null,
          after: null,
          requestId: null,
        };
        return HttpResponse.json([entry], { headers: { "Content-Range": "auditLogging 0-0/1" } });
      }),
    );
    renderAdmin(`/admin/user/${ada.userId}/profile`);

    expect(await screen.findByRole("heading", { name: "User profile" })).toBeInTheDocument();
    const details = await screen.findByRole("region", { name: "Details" });
    expect(within(details).getByText("entraId, local")).toBeInTheDocument();
    expect(within(details).getByText("Banned from sharing personal agents").nextSibling).toHaveTextContent("Yes");
    expect(await within(screen.getByRole("region", { name: "Roles" })).findByText("admin")).toBeInTheDocument();
    const groups = screen.getByRole("region", { name: "Identity-provider groups" });
    expect((await within(groups).findByText("Sales")).closest("[title]")).toHaveAttribute("title", "g-sales");
    expect(within(groups).getByText("g-unnamed")).toBeInTheDocument();

    const activity = screen.getByRole("region", { name: "Recent activity" });
    expect(await within(activity).findByText("Update Brand default")).toBeInTheDocument();
    expect(within(activity).getByText(`Update User ${ada.userId}`)).toBeInTheDocument();
    expect(within(activity).getByText(/Grace Hopper/)).toBeInTheDocument();
    expect(auditFilters).toEqual(
      expect.arrayContaining([{ actor: ada.userId }, { entityType: "User", entityId: ada.userId }]),
    );
    expect(screen.getByRole("link", { name: "Edit" })).toHaveAttribute("href", `/admin/user/${ada.userId}/edit`);
  });

  it("leaves the audit trail out without ConfigurationAuditLogRead, and says when the user does not exist", async () => {
    server.use(
      rolesHandler,
      http.get(`${API}/CurrentUser/UserRolesWithResolvedActions`, () =>
        HttpResponse.json({ roles: [], resolvedActions: ["UserRead"] }),
      ),
      http.get(`${API}/admin/users/${grace.userId}`, () => HttpResponse.json(grace)),
      http.get(`${API}/admin/users/${grace.userId}/groups`, () => HttpResponse.json([])),
      http.get(`${API}/admin/users/missing`, () =>
        HttpResponse.json({ title: "Not Found", status: 404 }, { status: 404 }),
      ),
    );
    const router = renderAdmin(`/admin/user/${grace.userId}/profile`);
    expect(await screen.findByText("No groups from the identity provider.")).toBeInTheDocument();
    expect(screen.getByText("Disabled")).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Recent activity" })).not.toBeInTheDocument();

    await router.navigate("/admin/user/missing/profile");
    expect(await screen.findByText("This user does not exist.")).toBeInTheDocument();
  });
});

describe("my account", { timeout: 30_000 }, () => {
  it("shows the signed-in user's details, roles with their actions, and opens the personal settings", async () => {
    server.use(
      http.get(`${API}/CurrentUser/UserRolesWithResolvedActions`, () =>
        HttpResponse.json({
          roles: [
            { userRoleId: ADMIN_ROLE, name: "Auditors", actions: ["ConfigurationAuditLogRead"] },
            { userRoleId: USER_ROLE, name: "User admins", actions: ["UserRead", "UserRolePermissionsWrite"] },
          ],
          resolvedActions: ["ConfigurationAuditLogRead", "UserRead", "UserRolePermissionsWrite"],
        }),
      ),
    );
    renderAdmin("/admin/user/account");

    expect(await screen.findByRole("heading", { name: "My account" })).toBeInTheDocument();
    expect(await screen.findByText("Ada Lovelace")).toBeInTheDocument();
    const details = screen.getByRole("region", { name: "Details" });
    expect(within(details).getByText("ada@example.com")).toBeInTheDocument();
    expect(within(details).getByText("local")).toBeInTheDocument();
    const roles = screen.getByRole("region", { name: "Roles" });
    expect(await within(roles).findByText("Auditors")).toBeInTheDocument();
    expect(within(roles).getByText("1 action")).toBeInTheDocument();
    expect(within(roles).getByText("2 actions")).toBeInTheDocument();
    const resolved = screen.getByRole("region", { name: "Resolved actions" });
    expect(within(resolved).getByText("UserRolePermissions")).toBeInTheDocument();
    expect(within(resolved).getByText("UserRolePermissionsWrite")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Profile" })).toHaveAttribute(
      "href",
      `/admin/user/${userDetails.userId}/profile`,
    );
    expect(screen.getByRole("link", { name: "Edit" })).toHaveAttribute(
      "href",
      `/admin/user/${userDetails.userId}/edit`,
    );

    await userEvent.click(screen.getByRole("button", { name: "Personal settings" }));
    expect(await screen.findByRole("dialog", { name: "Settings" })).toBeInTheDocument();
  });

  it("offers no profile or edit link without the user actions", async () => {
    server.use(
      http.get(`${API}/CurrentUser/UserRolesWithResolvedActions`, () =>
        HttpResponse.json({ roles: [], resolvedActions: ["BrandsRead"] }),
      ),
    );
    renderAdmin("/admin/user/account");
    expect(await screen.findByText("No roles")).toBeInTheDocument();
    expect(screen.getByText("BrandsRead")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Profile" })).not.toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Edit" })).not.toBeInTheDocument();
  });
});
