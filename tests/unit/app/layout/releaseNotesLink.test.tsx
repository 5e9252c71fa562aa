/** Spec §2: the release-notes links show only when the instance has a releaseNotesUrl (empty on a fresh install). */
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import { describe, expect, it, vi } from "vitest";
import { buildInfo, instanceSettings } from "../../utils/fixtures";
import { API } from "../../utils/handlers";
import { renderApp, signInForTest } from "../../utils/renderApp";
import { server } from "../../utils/server";

// The whole app renders in jsdom: slower than the default on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

describe("release notes link without a releaseNotesUrl", () => {
  it("is in neither the account popover nor the About drawer", async () => {
    server.use(http.get(`${API}/InstanceSettings`, () => HttpResponse.json({ ...instanceSettings, releaseNotesUrl: "" })));
    signInForTest();
    renderApp("/chat");
    await userEvent.click(await screen.findByRole("button", { name: "Ada Lovelace" }, { timeout: 10_000 }));
    const popover = await screen.findByRole("dialog", { name: "Ada Lovelace" });
    expect(within(popover).getByRole("menuitem", { name: "About" })).toBeInTheDocument();
    expect(within(popover).queryByRole("menuitem", { name: "Release notes" })).not.toBeInTheDocument();

    await userEvent.click(within(popover).getByRole("menuitem", { name: "About" }));
    const about = await screen.findByRole("dialog", { name: "About" });
    expect(await within(about).findByText(buildInfo.buildId)).toBeInTheDocument();
    expect(within(about).queryByRole("link", { name: "Release notes" })).not.toBeInTheDocument();
  });
});
