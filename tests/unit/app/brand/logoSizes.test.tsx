/** Spec §2 "Logo: 48x48": the brand logo's size where the chat and the login page show it. */
import { screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { chatStore, initialChatState } from "../../../../src/chat/state/chatStore";
import { renderApp, signInForTest } from "../../utils/renderApp";
import { openNavigation, stubViewportHeight } from "../../chat/navigation/navigationFixtures";

// The whole app renders in jsdom: slower than the default on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

let restoreViewport: () => void;
beforeEach(() => {
  restoreViewport = stubViewportHeight();
});
afterEach(() => {
  restoreViewport();
  chatStore.setState(initialChatState);
});

const size = (img: HTMLElement) => [img.getAttribute("width"), img.getAttribute("height")];

describe("brand logo size", () => {
  it("is 48x48 in the mini navigation and in the open navigation's header", async () => {
    signInForTest();
    renderApp("/chat");
    const expand = await screen.findByRole("button", { name: "Expand navigation" }, { timeout: 10_000 });
    const rail = expand.parentElement!;
    expect(size(await within(rail).findByRole("img", { name: "Test Chat logo" }))).toEqual(["48", "48"]);

    const navigation = await openNavigation();
    expect(size(await within(navigation).findByRole("img", { name: "Test Chat logo" }))).toEqual(["48", "48"]);
  });

  it("is 48x48 on the login page", async () => {
    renderApp("/auth/jwt/login");
    expect(size(await screen.findByRole("img", { name: "Test Chat logo" }, { timeout: 10_000 }))).toEqual(["48", "48"]);
  });
});
