/** Spec §9 popper defaults: tooltips wait 0.4 s on hover and sit 15 px from their anchor; the footer keeps 1000 ms. */
import Tooltip from "@mui/material/Tooltip";
import { ThemeProvider } from "@mui/material/styles";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createBrandTheme } from "../../../../src/app/brand/createBrandTheme";

const theme = createBrandTheme({ brandTheme: undefined, contrast: "default", direction: "ltr" });

function renderTooltip(enterDelay?: number) {
  render(
    <ThemeProvider theme={theme}>
      <Tooltip title="Collapse" {...(enterDelay === undefined ? {} : { enterDelay })}>
        <button type="button">Anchor</button>
      </Tooltip>
    </ThemeProvider>,
  );
  fireEvent.mouseOver(screen.getByText("Anchor"));
}

const waitMs = (ms: number) => act(() => vi.advanceTimersByTime(ms));

/** MUI opens the next tooltip at once for 800 ms after one closes: leave, and let that pass. */
function leave() {
  fireEvent.mouseLeave(screen.getByText("Anchor"));
  waitMs(2000);
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("tooltip defaults of the brand theme", () => {
  it("opens after 400 ms of hovering", () => {
    renderTooltip();
    waitMs(399);
    expect(screen.queryByRole("tooltip")).not.toBeInTheDocument();
    waitMs(1);
    expect(screen.getByRole("tooltip")).toHaveTextContent("Collapse");
    leave();
  });

  it("keeps an explicit delay such as the footer's 1000 ms", () => {
    renderTooltip(1000);
    waitMs(999);
    expect(screen.queryByRole("tooltip")).not.toBeInTheDocument();
    waitMs(1);
    expect(screen.getByRole("tooltip")).toBeInTheDocument();
    leave();
  });

  it("offsets the popper by 15 px", () => {
    expect(theme.components?.MuiTooltip?.defaultProps?.slotProps).toEqual({
      popper: { popperOptions: { modifiers: [{ name: "offset", options: { offset: [0, 15] } }] } },
    });
  });
});
