/**
 * The toast stack is a chunk of its own, fetched with the first toast. A toast often reports a
 * failure of the network, when that chunk cannot be fetched either: the page must stay as it was.
 */
import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AppProviders } from "../../../../src/app/AppProviders";
import { createQueryClient } from "../../../../src/app/queryClient";
import { showToast, toastStore } from "../../../../src/app/toast/toastStore";

vi.mock("../../../../src/app/toast/Toaster", () => {
  throw new TypeError("Failed to fetch dynamically imported module");
});

describe("a toast whose chunk cannot be loaded", () => {
  afterEach(() => toastStore.setState({ toasts: [] }));

  it("leaves the page in place", async () => {
    const original = console.error;
    console.error = () => {};
    try {
      render(
        <AppProviders queryClient={createQueryClient()}>
          <textarea aria-label="Message" defaultValue="What I typed" />
        </AppProviders>,
      );
      act(() => void showToast("The question could not be sent. Please try again.", "error"));
      await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
      expect(screen.getByRole("textbox", { name: "Message" })).toHaveValue("What I typed");
    } finally {
      console.error = original;
    }
  });
});
