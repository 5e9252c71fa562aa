/**
 * A chat access policy's identity-provider groups, picked by name from
 * GET /admin/cloudGroups, or typed as ids when Entra ID is not configured.
 */
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import { memoryStore } from "react-admin";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { registryResources } from "../../../src/admin/dataProvider/registryResources";
import { RegistryAdmin } from "../../../src/admin/resources/RegistryAdmin";
import { AppProviders } from "../../../src/app/AppProviders";
import { createQueryClient } from "../../../src/app/queryClient";
import { signInForTest } from "../utils/renderApp";
import { server } from "../utils/server";

const API = "/api/internal";
const POLICY_ID = "20000000-0000-4000-8000-000000000001";
const policy = {
  chatAccessPolicyId: POLICY_ID,
  name: "Finance agents",
  description: "",
  isEnabled: true,
  gptSystemIds: [],
  userIds: [],
  userRoleIds: [],
  groupIds: ["g-sales", "g-deleted"],
};
const groups = [
  { id: "g-admins", displayName: "admins", description: "Administrators" },
  { id: "g-finance", displayName: "Finance", description: "Finance team" },
  { id: "g-sales", displayName: "Sales", description: "Sales team" },
];

const empty = (name: string) =>
  http.get(`${API}/admin/${name}`, () => HttpResponse.json([], { headers: { "Content-Range": `${name} 0-0/0` } }));

function renderPolicyEdit(cloudGroups: Parameters<typeof http.get>[1]) {
  let sent: Record<string, unknown> | undefined;
  server.use(
    empty("gptSystems"),
    empty("users"),
    empty("userRoles"),
    empty("chatAccessPolicies"),
    http.get(`${API}/admin/cloudGroups`, cloudGroups),
    http.get(`${API}/admin/chatAccessPolicies/${POLICY_ID}`, () => HttpResponse.json(policy)),
    http.put(`${API}/admin/chatAccessPolicies/${POLICY_ID}`, async ({ request }) => {
      sent = (await request.json()) as Record<string, unknown>;
      return HttpResponse.json({ ...policy, ...sent });
    }),
  );
  signInForTest();
  const router = createMemoryRouter(
    [{ path: "/admin/*", element: <RegistryAdmin resources={registryResources} store={memoryStore()} /> }],
    { initialEntries: [`/admin/chatAccessPolicy/${POLICY_ID}/edit`] },
  );
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { sent: () => sent };
}

const groupsField = () => screen.findByRole("combobox", { name: "Identity-provider groups" });
const chipLabels = (input: HTMLElement) =>
  within(input.closest(".MuiAutocomplete-root") as HTMLElement)
    .queryAllByRole("button")
    .map((chip) => chip.textContent)
    .filter(Boolean);

describe("identity-provider group picker", { timeout: 60_000 }, () => {
  it("shows the stored groups by name (an unknown id as itself), searches by name and stores the picked ids", async () => {
    const form = renderPolicyEdit(() => HttpResponse.json(groups));
    const input = await groupsField();
    await waitFor(() => expect(chipLabels(input)).toEqual(["Sales", "g-deleted"]));

    await userEvent.type(input, "fin");
    const listbox = await screen.findByRole("listbox");
    expect(
      within(listbox)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["FinanceFinance team"]);
    await userEvent.click(within(listbox).getByRole("option", { name: /Finance/ }));
    expect(chipLabels(input)).toEqual(["Sales", "g-deleted", "Finance"]);

    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(form.sent()).toBeDefined());
    expect(form.sent()?.groupIds).toEqual(["g-sales", "g-deleted", "g-finance"]);
  });

  it("searches by description too and offers only groups not yet picked", async () => {
    renderPolicyEdit(() => HttpResponse.json(groups));
    const input = await groupsField();
    await userEvent.click(input);
    const listbox = await screen.findByRole("listbox");
    // Sales is already picked.
    expect(
      within(listbox)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["adminsAdministrators", "FinanceFinance team"]);
    await userEvent.type(input, "team");
    expect(within(await screen.findByRole("listbox")).getAllByRole("option")).toHaveLength(1);
  });

  it("takes typed ids when Entra ID is not configured (409), keeping the stored ids as they are", async () => {
    const form = renderPolicyEdit(() =>
      HttpResponse.json(
        { title: "Conflict", status: 409, detail: "Microsoft Entra ID is not configured" },
        { status: 409, headers: { "content-type": "application/problem+json" } },
      ),
    );
    const input = await groupsField();
    expect(
      await screen.findByText("Microsoft Entra ID is not configured: enter group object ids."),
    ).toBeInTheDocument();
    expect(chipLabels(input)).toEqual(["g-sales", "g-deleted"]);
    await userEvent.type(input, "11111111-aaaa{Enter}");
    await userEvent.type(input, "g-one, g-two{Enter}");
    expect(chipLabels(input)).toEqual(["g-sales", "g-deleted", "11111111-aaaa", "g-one", "g-two"]);

    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(form.sent()).toBeDefined());
    expect(form.sent()?.groupIds).toEqual(["g-sales", "g-deleted", "11111111-aaaa", "g-one", "g-two"]);
  });

  it("falls back to typed ids with a warning when the groups cannot be read (502)", async () => {
    renderPolicyEdit(() =>
      HttpResponse.json(
        { title: "Bad Gateway", status: 502 },
        { status: 502, headers: { "content-type": "application/problem+json" } },
      ),
    );
    const input = await groupsField();
    expect(
      await screen.findByText("The identity provider's groups could not be loaded: enter group object ids."),
    ).toBeInTheDocument();
    await userEvent.type(input, "g-typed{Enter}");
    expect(chipLabels(input)).toEqual(["g-sales", "g-deleted", "g-typed"]);
  });
});
