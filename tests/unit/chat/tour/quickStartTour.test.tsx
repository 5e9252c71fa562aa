import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { blockNavigation } from "../../../../src/chat/tour/blockNavigation";
import { tourActions } from "../../../../src/chat/tour/tourActions";
import { tourStore } from "../../../../src/chat/tour/tourStore";
import { setViewportWidth } from "../../utils/matchMedia";
import { renderApp, signInForTest } from "../../utils/renderApp";

vi.setConfig({ testTimeout: 20_000 });

// The account popover and the tour load on demand: compile them once up front.
beforeAll(() =>
  Promise.all([
    import("../../../../src/app/layout/AccountPopover"),
    import("../../../../src/chat/tour/QuickStartTour"),
    import("../../../../src/chat/tour/launchQuickStartTour"),
  ]),
);

afterEach(() => {
  tourStore.setState({ run: false, steps: [], stepIndex: 0 });
});

describe("Quick Start tour", () => {
  it("opens from the account popover's Quick Start entry on the brand logo, with the spec's labels", async () => {
    signInForTest();
    renderApp("/chat");
    const navigation = await screen.findByRole("navigation", { name: "Chat navigation" });
    expect(navigation).toHaveStyle({ width: "80px" });
    await userEvent.click(await screen.findByRole("button", { name: "Ada Lovelace" }));
    const popover = await screen.findByRole("dialog", { name: "Ada Lovelace" });
    await userEvent.click(within(popover).getByRole("menuitem", { name: "Quick Start" }));

    const first = await screen.findByRole("button", { name: "Next (Step 1 of 12)" }, { timeout: 5000 });
    const tooltip = first.closest(".react-joyride__tooltip")!;
    expect(tooltip).toHaveAttribute("data-joyride-step", "0");
    expect(within(tooltip as HTMLElement).getByText(/Welcome!/)).toBeInTheDocument();
    // Skip ('Restart') is not offered on the first step; the navigation opened for the tour.
    expect(screen.queryByRole("button", { name: "Restart" })).not.toBeInTheDocument();
    expect(navigation).toHaveStyle({ width: "280px" });
    expect(tourStore.getState()).toMatchObject({ run: true, stepIndex: 0 });

    await userEvent.click(first);
    expect(await screen.findByRole("button", { name: "Next (Step 2 of 12)" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Restart" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Back" })).toBeInTheDocument();
    expect(tourStore.getState().stepIndex).toBe(1);

    // Closing stops the tour.
    await userEvent.click(screen.getByRole("button", { name: "Close" }));
    await waitFor(() => expect(tourStore.getState().run).toBe(false));
    await waitFor(() => expect(screen.queryByRole("button", { name: /^Next/ })).not.toBeInTheDocument());
  });
  it("switches the navigation back to the Chats tab for the conversation steps", async () => {
    signInForTest();
    renderApp("/chat");
    await userEvent.click(await screen.findByRole("button", { name: "Expand navigation" }));
    const navigation = screen.getByRole("navigation", { name: "Chat navigation" });
    await userEvent.click(within(navigation).getByRole("tab", { name: "Agents" }));
    await userEvent.click(within(navigation).getByRole("button", { name: "Ada Lovelace" }));
    await userEvent.click(await screen.findByRole("menuitem", { name: "Quick Start" }));
    await screen.findByRole("button", { name: "Next (Step 1 of 12)" }, { timeout: 5000 });
    expect(within(navigation).getByRole("tab", { name: "Agents" })).toHaveAttribute("aria-selected", "true");

    act(() => tourActions.setState({ stepIndex: 5 }));
    expect(await screen.findByRole("button", { name: "Next (Step 6 of 12)" }, { timeout: 5000 })).toBeInTheDocument();
    expect(within(navigation).getByRole("tab", { name: "Chats" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByText("Your conversations are listed here, grouped by date.")).toBeInTheDocument();
  });
});

describe("Quick Start tour with the keyboard", () => {
  it("puts the focus on the primary button, keeps it there over the account popover, and Escape ends the tour", async () => {
    signInForTest();
    renderApp("/chat");
    const account = await screen.findByRole("button", { name: "Ada Lovelace" });
    await userEvent.click(account);
    await userEvent.click(await screen.findByRole("menuitem", { name: "Quick Start" }));
    const first = await screen.findByRole("button", { name: "Next (Step 1 of 12)" }, { timeout: 5000 });
    await waitFor(() => expect(first).toHaveFocus());
    expect(screen.getByRole("dialog", { name: "Quick Start Step 1 of 12" })).toContainElement(first);

    // Step 11: the tour opens the account popover, whose focus trap is off while the tour runs.
    act(() => tourActions.setState({ stepIndex: 10 }));
    const next = await screen.findByRole("button", { name: "Next (Step 11 of 12)" }, { timeout: 8000 });
    expect(document.querySelector('[data-tour="account-popover"]')).toBeInTheDocument();
    await waitFor(() => expect(next).toHaveFocus());
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(next).toHaveFocus();
    // Tab stays in the tooltip: from the primary button (the last) round to Close.
    await userEvent.tab();
    expect(screen.getByRole("button", { name: "Close" })).toHaveFocus();

    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(tourStore.getState().run).toBe(false));
    await waitFor(() => expect(document.querySelector('[data-tour="account-popover"]')).not.toBeInTheDocument());
    // The focus goes back to the account button.
    await waitFor(() => expect(screen.getByRole("button", { name: "Ada Lovelace" })).toHaveFocus());
  });
});

describe("Quick Start tour below lg", () => {
  it("opens the navigation drawer for the steps pointing into it and closes it for the others", async () => {
    setViewportWidth(390);
    signInForTest();
    renderApp("/chat");
    await userEvent.click(await screen.findByRole("button", { name: "Open navigation" }));
    await userEvent.click(await screen.findByRole("button", { name: "Ada Lovelace" }));
    await userEvent.click(await screen.findByRole("menuitem", { name: "Quick Start" }));
    // Step 1, the brand logo, is in the drawer: it stays open.
    await userEvent.click(await screen.findByRole("button", { name: "Next (Step 1 of 12)" }, { timeout: 5000 }));
    // Step 2, the chat input bar, is outside: the drawer closes first.
    expect(await screen.findByRole("button", { name: "Next (Step 2 of 12)" }, { timeout: 5000 })).toBeInTheDocument();
    expect(document.querySelector("nav")).not.toBeInTheDocument();
    // Step 6, the conversation section, opens it again.
    act(() => tourActions.setState({ stepIndex: 5 }));
    expect(await screen.findByRole("button", { name: "Next (Step 6 of 12)" }, { timeout: 5000 })).toBeInTheDocument();
    expect(document.querySelector('nav [data-tour="chat-section"]')).toBeInTheDocument();
    // Closed mid-tour outside the drawer, the focus goes to the button that opens the navigation.
    act(() => tourActions.setState({ stepIndex: 2 }));
    await screen.findByRole("button", { name: "Next (Step 3 of 12)" }, { timeout: 5000 });
    expect(document.querySelector("nav")).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.getByRole("button", { name: "Open navigation" })).toHaveFocus());
  });
});

describe("navigation while the tour runs", () => {
  it("stops clicks on the side navigation's controls, but not on a conversation's options", async () => {
    const select = vi.fn();
    const options = vi.fn();
    const outside = vi.fn();
    render(
      <>
        <nav>
          <button onClick={select}>A chat</button>
          <button className="conversation-options" onClick={options}>
            Options
          </button>
        </nav>
        <button onClick={outside}>Next</button>
      </>,
    );
    const unblock = blockNavigation();
    await userEvent.click(screen.getByRole("button", { name: "A chat" }));
    await userEvent.click(screen.getByRole("button", { name: "Options" }));
    await userEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(select).not.toHaveBeenCalled();
    expect(options).toHaveBeenCalledTimes(1);
    expect(outside).toHaveBeenCalledTimes(1);
    unblock();
    await userEvent.click(screen.getByRole("button", { name: "A chat" }));
    expect(select).toHaveBeenCalledTimes(1);
  });
});
