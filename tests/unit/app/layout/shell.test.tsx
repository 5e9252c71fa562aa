import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { http, HttpResponse } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AppProviders } from "../../../../src/app/AppProviders";
import { authStore } from "../../../../src/app/auth/authStore";
import { DEFAULT_LOGO_SRC } from "../../../../src/app/brand/defaultLogo";
import { Logo } from "../../../../src/app/brand/Logo";
import { isMobileUserAgent } from "../../../../src/app/layout/isMobileUserAgent";
import { createQueryClient } from "../../../../src/app/queryClient";
import { featuresHandler } from "../../utils/handlers";
import { renderApp, signInForTest } from "../../utils/renderApp";
import { server } from "../../utils/server";

function Broken(): never {
  throw new Error("render failure");
}

describe("shell screens", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("falls back to the bundled logo when the brand image fails", async () => {
    const queryClient = createQueryClient();
    render(
      <QueryClientProvider client={queryClient}>
        <Logo />
      </QueryClientProvider>,
    );
    const image = await screen.findByRole("img", { name: "Test Chat logo" });
    expect(image).toHaveAttribute("width", "48");
    expect(image.getAttribute("src")).toMatch(/\/api\/internal\/brands\/default\/logo\.svg\?t=\d+/);
    fireEvent.error(image);
    expect(image).toHaveAttribute("src", DEFAULT_LOGO_SRC);
  });

  it("shows the footer with 'Powered by' when ShowFooter is on", async () => {
    signInForTest();
    renderApp("/chat");
    expect(await screen.findByRole("contentinfo")).toHaveTextContent("Powered by");
  });

  it("hides the footer when ShowFooter is off", async () => {
    server.use(featuresHandler({ AllowUserCreatedGptSystems: true, ShowFooter: false }));
    signInForTest();
    renderApp("/chat");
    await screen.findByRole("main");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole("contentinfo")).not.toBeInTheDocument();
  });

  it("detects mobile devices by user agent", () => {
    expect(isMobileUserAgent("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)")).toBe(true);
    expect(isMobileUserAgent("Mozilla/5.0 (Linux; Android 14; Pixel 8)")).toBe(true);
    expect(isMobileUserAgent("Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0")).toBe(false);
  });

  it("shows the loading screen while /readyz does not answer 200, until it does", async () => {
    let ready = false;
    server.use(
      http.get("/readyz", () =>
        ready ? HttpResponse.json({ status: "ok" }) : new HttpResponse(null, { status: 503 }),
      ),
    );
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"], shouldAdvanceTime: true });
    try {
      renderApp("/auth/jwt/login");
      expect(await screen.findByText("Application is initializing, please wait...")).toBeInTheDocument();
      expect(authStore.getState().healthCheckIssue).toBe(true);
      ready = true;
      await vi.advanceTimersByTimeAsync(3000);
      await waitFor(() =>
        expect(screen.queryByText("Application is initializing, please wait...")).not.toBeInTheDocument(),
      );
      expect(authStore.getState().healthCheckIssue).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it("shows the error screen when rendering fails", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    render(
      <AppProviders queryClient={createQueryClient()}>
        <Broken />
      </AppProviders>,
    );
    const reload = await screen.findByRole("button", { name: "Reload the Page" });
    expect(reload.closest("p")).toHaveTextContent(
      "Something went wrong. But don't panic, we're on it! In the meantime, you can Reload the Page to try again.",
    );
  });
});
