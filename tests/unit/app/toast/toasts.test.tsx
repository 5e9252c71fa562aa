import Drawer from "@mui/material/Drawer";
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MAX_TOASTS, showToast, toastStore } from "../../../../src/app/toast/toastStore";
import { Toaster } from "../../../../src/app/toast/Toaster";

const messages = () => toastStore.getState().toasts.map((toast) => toast.message);

describe("toasts", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("keeps at most 5, dropping the oldest", () => {
    for (let index = 1; index <= 7; index += 1) showToast(`Toast ${index}`);
    expect(MAX_TOASTS).toBe(5);
    expect(messages()).toEqual(["Toast 3", "Toast 4", "Toast 5", "Toast 6", "Toast 7"]);
  });

  it("does not show the same message twice while it is on screen", () => {
    expect(showToast("Agent pinned")).not.toBeNull();
    expect(showToast("Agent pinned")).toBeNull();
    expect(messages()).toEqual(["Agent pinned"]);
    showToast("Agent pinned", "error");
    expect(toastStore.getState().toasts).toHaveLength(2);
  });

  it("defaults to success and hides itself after 3000 ms", () => {
    vi.useFakeTimers();
    showToast("Copied to clipboard");
    expect(toastStore.getState().toasts[0]?.variant).toBe("success");
    vi.advanceTimersByTime(2999);
    expect(messages()).toEqual(["Copied to clipboard"]);
    vi.advanceTimersByTime(1);
    expect(messages()).toEqual([]);
  });

  it("stays while the pointer is on it or the focus is in it, and hides 3000 ms after they left", () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => void showToast("The prompt could not be saved", "error"));
    const alert = screen.getByRole("alert");
    fireEvent.mouseEnter(alert);
    act(() => vi.advanceTimersByTime(10_000));
    expect(messages()).toEqual(["The prompt could not be saved"]);
    fireEvent.mouseLeave(alert);
    act(() => vi.advanceTimersByTime(2999));
    expect(messages()).toEqual(["The prompt could not be saved"]);

    const close = within(alert).getByRole("button", { name: "Close" });
    act(() => close.focus());
    act(() => vi.advanceTimersByTime(10_000));
    expect(messages()).toEqual(["The prompt could not be saved"]);
    act(() => close.blur());
    act(() => vi.advanceTimersByTime(3000));
    expect(messages()).toEqual([]);
  });

  it("renders each toast with a close button", async () => {
    render(<Toaster />);
    act(() => {
      showToast("Agent unpinned");
      showToast("Failed to pin agent", "error");
    });
    const region = screen.getByRole("region", { name: "Notifications" });
    const alerts = within(region).getAllByRole("alert");
    expect(alerts.map((alert) => alert.textContent)).toEqual(["Agent unpinned", "Failed to pin agent"]);
    await userEvent.click(within(alerts[0]!).getByRole("button", { name: "Close" }));
    expect(messages()).toEqual(["Failed to pin agent"]);
  });

  it("stays readable by screen readers while a drawer hides the rest of the page", () => {
    render(
      <>
        <Drawer open variant="temporary">
          <p>Navigation</p>
        </Drawer>
        <Toaster />
      </>,
    );
    act(() => {
      showToast("Agent pinned");
    });
    // getByRole leaves out what aria-hidden hides.
    expect(screen.getByRole("alert")).toHaveTextContent("Agent pinned");
  });

  it("sits 24 px above the chat's message box, and 24 px above the window's edge without one", () => {
    const { unmount } = render(<Toaster />);
    act(() => {
      showToast("Copied to clipboard");
    });
    expect(screen.getByRole("region", { name: "Notifications" })).toHaveStyle({ bottom: "24px" });
    act(() => toastStore.setState({ toasts: [] }));
    unmount();

    const messageBox = document.createElement("form");
    messageBox.setAttribute("data-toasts-above", "");
    messageBox.getBoundingClientRect = () =>
      DOMRect.fromRect({ x: 0, y: window.innerHeight - 120, width: 390, height: 80 });
    document.body.append(messageBox);
    render(<Toaster />);
    act(() => {
      showToast("Copied to clipboard");
    });
    expect(screen.getByRole("region", { name: "Notifications" })).toHaveStyle({ bottom: "144px" });
    messageBox.remove();
  });

  it("sits above the highest area that keeps it off: the conversation's 'Jump to latest' above the message box", () => {
    const area = (top: number, height: number) => {
      const element = document.createElement("div");
      element.setAttribute("data-toasts-above", "");
      element.getBoundingClientRect = () => DOMRect.fromRect({ x: 0, y: top, width: 390, height });
      document.body.append(element);
      return element;
    };
    const messageBox = area(window.innerHeight - 120, 80);
    const jumpToLatest = area(window.innerHeight - 184, 40);
    render(<Toaster />);
    act(() => {
      showToast("Copied to clipboard");
    });
    expect(screen.getByRole("region", { name: "Notifications" })).toHaveStyle({ bottom: "208px" });
    messageBox.remove();
    jumpToLatest.remove();
  });
});
