import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { TooltipRenderProps } from "react-joyride";
import { describe, expect, it, vi } from "vitest";
// The tooltip's wording comes with the tour, as in the product.
import "../../../../src/app/i18n/tourStrings";
import { TourTooltip } from "../../../../src/chat/tour/TourTooltip";

/** The props the engine hands a tooltip component, for step `index` (0-based) of `size`. */
function tooltipProps(index: number, size: number, handlers: Record<string, () => void> = {}): TooltipRenderProps {
  const isLastStep = index + 1 === size;
  const button = (action: string, label: string) => ({
    "aria-label": label,
    "data-action": action,
    onClick: handlers[action] ?? (() => undefined),
    role: "button",
    title: label,
  });
  return {
    backProps: button("back", "Back"),
    closeProps: button("close", "Close"),
    primaryProps: button("primary", isLastStep ? "Done" : `Next (Step ${index + 1} of ${size})`),
    skipProps: button("skip", "Restart"),
    tooltipProps: { "aria-modal": true, role: "alertdialog" },
    continuous: true,
    controls: {} as TooltipRenderProps["controls"],
    index,
    isLastStep,
    size,
    step: {
      buttons: index === 0 ? ["back", "close", "primary"] : ["back", "close", "primary", "skip"],
      content: "Your conversations are listed here, grouped by date.",
      styles: { tooltip: { width: 380 } },
    } as unknown as TooltipRenderProps["step"],
  };
}

describe("the tour's tooltip", () => {
  it("is a dialog named by its title and step counter, described by the step's text", () => {
    render(<TourTooltip {...tooltipProps(5, 12)} />);
    const dialog = screen.getByRole("dialog", { name: "Quick Start Step 6 of 12" });
    expect(dialog).toHaveAccessibleDescription("Your conversations are listed here, grouped by date.");
    expect(dialog).toHaveAttribute("aria-modal", "true");
    expect(dialog).toHaveAttribute("data-joyride-step", "5");
    // Tab order: Close, Restart, Back, then the primary button (where the engine puts the focus).
    expect(
      within(dialog)
        .getAllByRole("button")
        .map((button) => button.getAttribute("aria-label")),
    ).toEqual(["Close", "Restart", "Back", "Next (Step 6 of 12)"]);
    expect(within(dialog).getByRole("button", { name: "Next (Step 6 of 12)" })).toHaveAttribute(
      "data-action",
      "primary",
    );
  });

  it("on the first step offers neither Back nor Restart", () => {
    render(<TourTooltip {...tooltipProps(0, 12)} />);
    const dialog = screen.getByRole("dialog", { name: "Quick Start Step 1 of 12" });
    const names = within(dialog)
      .getAllByRole("button")
      .map((button) => button.getAttribute("aria-label"));
    expect(names).toEqual(["Close", "Next (Step 1 of 12)"]);
  });

  it("on the last step shows Done, and keeps Restart and Close", async () => {
    const handlers = { primary: vi.fn(), skip: vi.fn(), close: vi.fn(), back: vi.fn() };
    render(<TourTooltip {...tooltipProps(11, 12, handlers)} />);
    const dialog = screen.getByRole("dialog", { name: "Quick Start Step 12 of 12" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Done" }));
    await userEvent.click(within(dialog).getByRole("button", { name: "Restart" }));
    await userEvent.click(within(dialog).getByRole("button", { name: "Close" }));
    await userEvent.click(within(dialog).getByRole("button", { name: "Back" }));
    expect(handlers.primary).toHaveBeenCalledTimes(1);
    expect(handlers.skip).toHaveBeenCalledTimes(1);
    expect(handlers.close).toHaveBeenCalledTimes(1);
    expect(handlers.back).toHaveBeenCalledTimes(1);
  });
});
