import { fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { preloadOnIntent } from "../../../../src/app/lazy/preloadOnIntent";

function trigger() {
  const menu = { preload: vi.fn(async () => undefined) };
  const dialog = { preload: vi.fn(async () => undefined) };
  render(<button {...preloadOnIntent(menu, dialog)}>Options</button>);
  return { menu, dialog, button: screen.getByRole("button", { name: "Options" }) };
}

describe("preloadOnIntent", () => {
  it("preloads every surface when a pointer enters the trigger", async () => {
    const { menu, dialog, button } = trigger();
    expect(menu.preload).not.toHaveBeenCalled();
    await userEvent.hover(button);
    expect(menu.preload).toHaveBeenCalledTimes(1);
    expect(dialog.preload).toHaveBeenCalledTimes(1);
  });

  it("preloads when the keyboard focuses the trigger", async () => {
    const { menu, dialog } = trigger();
    await userEvent.tab();
    expect(menu.preload).toHaveBeenCalledTimes(1);
    expect(dialog.preload).toHaveBeenCalledTimes(1);
  });

  it("preloads when a finger touches the trigger", () => {
    const { menu, button } = trigger();
    fireEvent.touchStart(button);
    expect(menu.preload).toHaveBeenCalledTimes(1);
  });
});
