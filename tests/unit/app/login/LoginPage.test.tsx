import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { authStore } from "../../../../src/app/auth/authStore";
import { instanceSettings } from "../../utils/fixtures";
import { API } from "../../utils/handlers";
import { renderApp } from "../../utils/renderApp";
import { server } from "../../utils/server";

const problemJson = { "Content-Type": "application/problem+json" };

async function submit(userName: string, password: string) {
  if (userName) await userEvent.type(await screen.findByLabelText("User name"), userName);
  if (password) await userEvent.type(screen.getByLabelText("Password"), password);
  await userEvent.click(screen.getByRole("button", { name: "Sign in" }));
}

describe("login page", () => {
  it("shows the product name and the local form", async () => {
    renderApp("/auth/jwt/login");
    // The page loads on demand: the first test waits for it to be compiled as well.
    expect(await screen.findByRole("heading", { name: "Test Chat" }, { timeout: 4000 })).toBeInTheDocument();
    expect(screen.getByLabelText("User name")).toBeInTheDocument();
    expect(screen.getByLabelText("Password")).toHaveAttribute("type", "password");
    expect(screen.getByRole("button", { name: "Sign in" })).toBeInTheDocument();
    expect(await screen.findByRole("img", { name: "Test Chat logo" })).toHaveAttribute(
      "src",
      expect.stringMatching(/^\/api\/internal\/brands\/default\/logo\.svg\?t=\d+$/),
    );
  });

  it("shows 'Loading...' until the instance settings arrive", async () => {
    server.use(http.get(`${API}/InstanceSettings`, () => new Promise<never>(() => undefined)));
    renderApp("/auth/jwt/login");
    expect(await screen.findByRole("heading", { name: "Loading..." })).toBeInTheDocument();
  });

  it("shows problem+json field errors under the fields and the detail in an alert", async () => {
    server.use(
      http.post(`${API}/authorization/local/GenerateToken`, () =>
        HttpResponse.json(
          {
            type: "about:blank",
            title: "Bad Request",
            status: 400,
            detail: "The request is not valid.",
            errors: { userName: ["The user name is required."], password: ["The password is required."] },
          },
          { status: 400, headers: problemJson },
        ),
      ),
    );
    renderApp("/auth/jwt/login");
    await submit("", "");
    expect(await screen.findByRole("alert")).toHaveTextContent("The request is not valid.");
    expect(screen.getByLabelText("User name")).toHaveAccessibleDescription("The user name is required.");
    expect(screen.getByLabelText("User name")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByLabelText("Password")).toHaveAccessibleDescription("The password is required.");
    expect(authStore.getState().n1aiToken).toBeNull();
  });

  it("shows the detail of a refused sign-in", async () => {
    server.use(
      http.post(`${API}/authorization/local/GenerateToken`, () =>
        HttpResponse.json(
          {
            type: "about:blank",
            title: "Unauthorized",
            status: 401,
            detail: "The user name or password is incorrect.",
          },
          { status: 401, headers: problemJson },
        ),
      ),
    );
    renderApp("/auth/jwt/login");
    await submit("ada", "wrong");
    expect(await screen.findByRole("alert")).toHaveTextContent("The user name or password is incorrect.");
    expect(screen.getByRole("button", { name: "Sign in" })).toBeEnabled();
  });

  it("says when the server cannot be reached", async () => {
    server.use(http.post(`${API}/authorization/local/GenerateToken`, () => HttpResponse.error()));
    renderApp("/auth/jwt/login");
    await submit("ada", "secret");
    expect(await screen.findByRole("alert")).toHaveTextContent("The server could not be reached. Please try again.");
  });

  it("offers Microsoft sign-in only when Entra ID has a client and a tenant", async () => {
    renderApp("/auth/jwt/login");
    await screen.findByRole("heading", { name: "Test Chat" });
    expect(screen.queryByRole("button", { name: "Sign in with Microsoft" })).not.toBeInTheDocument();
  });

  it("shows the Microsoft button when Entra ID is configured", async () => {
    server.use(
      http.get(`${API}/InstanceSettings`, () =>
        HttpResponse.json({
          ...instanceSettings,
          entraIdSettings: { clientId: "11111111-2222-3333-4444-555555555555", tenantId: "contoso", instance: "" },
        }),
      ),
    );
    renderApp("/auth/jwt/login");
    const card = await screen.findByRole("main");
    expect(await within(card).findByRole("button", { name: "Sign in with Microsoft" })).toBeInTheDocument();
  });

  it("aligns the card as the brand asks", async () => {
    server.use(
      http.get(`${API}/brands/:brandKey`, async () => {
        const { brand } = await import("../../utils/fixtures");
        return HttpResponse.json({ ...brand, loginAlignment: "Right", loginBackground: { main: "#123456" } });
      }),
    );
    renderApp("/auth/jwt/login");
    const main = await screen.findByRole("main");
    await expect.poll(() => getComputedStyle(main).justifyContent).toBe("flex-end");
    expect(getComputedStyle(main).backgroundColor).toBe("rgb(18, 52, 86)");
  });
});
