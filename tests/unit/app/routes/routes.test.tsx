import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { authStore } from "../../../../src/app/auth/authStore";
import { API, featuresHandler } from "../../utils/handlers";
import { renderApp, signInForTest } from "../../utils/renderApp";
import { server } from "../../utils/server";
import { makeToken } from "../../utils/token";

const location = (router: ReturnType<typeof renderApp>["router"]) =>
  `${router.state.location.pathname}${router.state.location.search}`;

async function expectLocation(router: ReturnType<typeof renderApp>["router"], path: string) {
  await waitFor(() => expect(location(router)).toBe(path));
}

describe("spec §2 redirects", () => {
  it("sends the root to the login page", async () => {
    const { router } = renderApp("/");
    await expectLocation(router, "/auth/jwt/login");
    expect(await screen.findByLabelText("User name")).toBeInTheDocument();
  });

  it.each([
    ["/auth/anything", "/chat"],
    ["/auth/jwt/other/deeper", "/chat"],
    ["/chat/one/two", "/chat"],
    ["/public-chat/desk/true/extra", "/chat"],
    ["/public-chat", "/chat"],
    ["/somewhere/else", "/chat"],
    ["/", "/chat"],
  ])("redirects %s to %s for a signed-in user", async (from, to) => {
    signInForTest();
    const { router } = renderApp(from);
    await expectLocation(router, to);
    expect(await screen.findByRole("button", { name: "New Chat" })).toBeInTheDocument();
  });

  it("shows the login page only when not authenticated", async () => {
    signInForTest();
    const { router } = renderApp("/auth/jwt/login");
    await expectLocation(router, "/chat");
  });

  it("keeps the chat routes of this issue", async () => {
    signInForTest();
    renderApp("/chat/agents");
    expect(await screen.findByRole("heading", { name: "Discover Intelligent Agents" })).toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: "Assistant" })).toBeInTheDocument();
  });

  it("opens a chat page for an entry agent id", async () => {
    signInForTest();
    const { router } = renderApp("/chat/7f1c2a");
    expect(await screen.findByRole("main")).toBeInTheDocument();
    expect(location(router)).toBe("/chat/7f1c2a");
  });

  it("offers the personal agent editor only while AllowUserCreatedGptSystems is on", async () => {
    signInForTest();
    renderApp("/chat/agents/configstate/cs-1/edit");
    expect(await screen.findByRole("heading", { name: "Edit Personal Agent" })).toBeInTheDocument();
  });

  it("sends the personal agent editor to /chat when personal agents are off", async () => {
    server.use(featuresHandler({ AllowUserCreatedGptSystems: false, ShowFooter: true }));
    signInForTest();
    const { router } = renderApp("/chat/agents/configstate/cs-1/edit");
    await expectLocation(router, "/chat");
  });
});

describe("protected pages", () => {
  it("redirects to the login page and comes back to the remembered path and query", async () => {
    server.use(
      http.post(`${API}/authorization/local/GenerateToken`, () => HttpResponse.json({ n1AIToken: makeToken() })),
    );
    const { router } = renderApp("/chat/agents?tab=mine");
    await expectLocation(router, "/auth/jwt/login");
    expect(authStore.getState().pathToVisitAfterLogin).toBe("/chat/agents?tab=mine");

    await userEvent.type(await screen.findByLabelText("User name"), "ada");
    await userEvent.type(screen.getByLabelText("Password"), "secret");
    await userEvent.click(screen.getByRole("button", { name: "Sign in" }));

    await expectLocation(router, "/chat/agents?tab=mine");
    expect(await screen.findByRole("heading", { name: "Discover Intelligent Agents" })).toBeInTheDocument();
    await waitFor(() => expect(authStore.getState().pathToVisitAfterLogin).toBeNull());
  });

  it("goes to /chat after login when nothing was remembered", async () => {
    server.use(
      http.post(`${API}/authorization/local/GenerateToken`, () => HttpResponse.json({ n1AIToken: makeToken() })),
    );
    const { router } = renderApp("/auth/jwt/login");
    await userEvent.type(await screen.findByLabelText("User name"), "ada");
    await userEvent.type(screen.getByLabelText("Password"), "secret");
    await userEvent.click(screen.getByRole("button", { name: "Sign in" }));
    await expectLocation(router, "/chat");
  });

  it("protects the admin area too", async () => {
    const { router } = renderApp("/admin/brand");
    await expectLocation(router, "/auth/jwt/login");
    expect(authStore.getState().pathToVisitAfterLogin).toBe("/admin/brand");
  });
});

describe("admin area", () => {
  it("shows the dashboard with the signed-in user's name", async () => {
    signInForTest();
    renderApp("/admin");
    expect(await screen.findByRole("heading", { name: "Dashboard" })).toBeInTheDocument();
    expect(await screen.findByText("Signed in as Ada Lovelace")).toBeInTheDocument();
    expect(screen.getByRole("navigation", { name: "Admin navigation" })).toBeInTheDocument();
  });

  it("renders the 404 screen inside admin for pages that do not exist yet", async () => {
    signInForTest();
    const { router } = renderApp("/admin/no-such-page/123");
    expect(await screen.findByRole("heading", { name: "Page not found" })).toBeInTheDocument();
    expect(screen.getByRole("navigation", { name: "Admin navigation" })).toBeInTheDocument();
    expect(location(router)).toBe("/admin/no-such-page/123");
  });

  it("redirects the instance settings index to its apiKeys tab", async () => {
    signInForTest();
    const { router } = renderApp("/admin/instanceSettings");
    await expectLocation(router, "/admin/instanceSettings/apiKeys");
  });

  it("sends users without management actions back to chat", async () => {
    server.use(
      http.get(`${API}/CurrentUser/UserRolesWithResolvedActions`, () =>
        HttpResponse.json({ roles: [], resolvedActions: ["GptSystemsRead"] }),
      ),
    );
    signInForTest();
    const { router } = renderApp("/admin");
    await expectLocation(router, "/chat");
  });
});

describe("public chat", () => {
  it("shows the navigation without the Agents tab", async () => {
    renderApp("/public-chat/helpdesk");
    const navigation = await screen.findByRole("navigation", { name: "Chat navigation" });
    expect(navigation).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Expand navigation" }));
    expect(await screen.findByRole("tab", { name: "Chats" })).toBeInTheDocument();
    expect(screen.queryByRole("tab", { name: "Agents" })).not.toBeInTheDocument();
  });

  it("hides the side navigation in a popup", async () => {
    renderApp("/public-chat/helpdesk/true");
    expect(await screen.findByRole("main")).toBeInTheDocument();
    expect(screen.queryByRole("navigation", { name: "Chat navigation" })).not.toBeInTheDocument();
  });
});
