import { ACTIONS, type EventData, EVENTS, LIFECYCLE, STATUS, type StepMerged } from "react-joyride";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { logger } from "../../../../src/app/logger";
import { handleTourEvent } from "../../../../src/chat/tour/handleTourEvent";
import { quickStartSteps, type TourStepData } from "../../../../src/chat/tour/quickStartSteps";
import { TOUR_RESTART_DELAY_MS, tourActions } from "../../../../src/chat/tour/tourActions";
import { tourStore } from "../../../../src/chat/tour/tourStore";

const twoSteps = [
  { target: '[data-tour="a"]', content: "A" },
  { target: '[data-tour="b"]', content: "B" },
];

/** An engine event as react-joyride hands it to onEvent; only the fields the tour reads matter. */
function engineEvent(fields: Pick<EventData, "type" | "action" | "index"> & Partial<EventData>): EventData {
  return {
    status: STATUS.RUNNING,
    lifecycle: LIFECYCLE.COMPLETE,
    controlled: true,
    origin: null,
    size: 2,
    step: { target: '[data-tour="a"]' } as StepMerged,
    error: null,
    scroll: null,
    scrolling: false,
    waiting: false,
    ...fields,
  };
}

beforeEach(() => {
  tourStore.setState({ run: false, steps: twoSteps, stepIndex: 0 });
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  document.body.innerHTML = "";
});

describe("tour state (spec §4)", () => {
  it("starts stopped at step 0; Start sets run, Stop clears it", () => {
    tourStore.setState({ steps: [] });
    expect(tourStore.getState()).toEqual({ run: false, steps: [], stepIndex: 0 });
    tourStore.setState({ steps: twoSteps });
    tourActions.start();
    expect(tourStore.getState().run).toBe(true);
    tourActions.stop();
    expect(tourStore.getState().run).toBe(false);
  });

  it("Restart stops, goes back to step 0 and starts again after 100 ms", () => {
    vi.useFakeTimers();
    tourStore.setState({ run: true, stepIndex: 1 });
    tourActions.restart();
    expect(tourStore.getState()).toMatchObject({ run: false, stepIndex: 0 });
    vi.advanceTimersByTime(TOUR_RESTART_DELAY_MS - 1);
    expect(tourStore.getState().run).toBe(false);
    vi.advanceTimersByTime(1);
    expect(tourStore.getState()).toMatchObject({ run: true, stepIndex: 0 });
  });

  it("does not start unless every step is an object with a target (only a warning)", () => {
    const warn = vi.spyOn(logger, "warn");
    const error = vi.spyOn(logger, "error").mockImplementation(() => undefined);
    tourStore.setState({ steps: [twoSteps[0]!, { content: "no target" } as never] });
    tourActions.start();
    expect(tourStore.getState().run).toBe(false);
    expect(warn).toHaveBeenCalledWith("Steps are not valid", expect.any(Array));
    expect(error).not.toHaveBeenCalled();
  });

  it("refuses a state update with disallowed keys: 'State is not valid'", () => {
    const error = vi.spyOn(logger, "error").mockImplementation(() => undefined);
    tourActions.setState({ run: true, status: "running" } as never);
    expect(error).toHaveBeenCalledWith("State is not valid", { run: true, status: "running" });
    expect(tourStore.getState().run).toBe(false);
  });

  it("advances after a step completes, and goes back for 'previous'", () => {
    tourStore.setState({ run: true, stepIndex: 1 });
    handleTourEvent(engineEvent({ type: EVENTS.STEP_AFTER, action: ACTIONS.PREV, index: 1 }));
    expect(tourStore.getState().stepIndex).toBe(0);
    handleTourEvent(engineEvent({ type: EVENTS.STEP_AFTER, action: ACTIONS.NEXT, index: 0 }));
    expect(tourStore.getState()).toMatchObject({ run: true, stepIndex: 1 });
  });

  it("skips a step whose target is not mounted, with the warning", () => {
    const warn = vi.spyOn(logger, "warn");
    tourStore.setState({ run: true });
    handleTourEvent(engineEvent({ type: EVENTS.TARGET_NOT_FOUND, action: ACTIONS.UPDATE, index: 0 }));
    expect(warn).toHaveBeenCalledWith("Target not mounted", '[data-tour="a"]');
    expect(tourStore.getState()).toMatchObject({ run: true, stepIndex: 1 });
  });

  it("skips a step whose target is hidden as 'Target not visible'", () => {
    const warn = vi.spyOn(logger, "warn");
    document.body.innerHTML = '<div style="display: none"><span data-tour="a"></span></div>';
    tourStore.setState({ run: true, stepIndex: 0 });
    handleTourEvent(engineEvent({ type: EVENTS.TARGET_NOT_FOUND, action: ACTIONS.NEXT, index: 0 }));
    expect(warn).toHaveBeenCalledWith("Target not visible", '[data-tour="a"]');
    expect(tourStore.getState().stepIndex).toBe(1);
  });

  it("stops when a tooltip is closed (close button or Escape)", () => {
    tourStore.setState({ run: true });
    handleTourEvent(engineEvent({ type: EVENTS.STEP_AFTER, action: ACTIONS.CLOSE, index: 0 }));
    expect(tourStore.getState().run).toBe(false);
  });

  it("finishing stops the tour and resets it to step 0", () => {
    tourStore.setState({ run: true, stepIndex: 2 });
    handleTourEvent(engineEvent({ type: EVENTS.TOUR_END, action: ACTIONS.UPDATE, index: 1, status: STATUS.FINISHED }));
    expect(tourStore.getState()).toMatchObject({ run: false, stepIndex: 0 });
  });

  it("Skip restarts the tour", () => {
    vi.useFakeTimers();
    tourStore.setState({ run: true, stepIndex: 1 });
    handleTourEvent(engineEvent({ type: EVENTS.TOUR_END, action: ACTIONS.SKIP, index: 1, status: STATUS.SKIPPED }));
    expect(tourStore.getState()).toMatchObject({ run: false, stepIndex: 0 });
    vi.advanceTimersByTime(TOUR_RESTART_DELAY_MS);
    expect(tourStore.getState()).toMatchObject({ run: true, stepIndex: 0 });
  });
});

describe("Quick Start steps (spec §2)", () => {
  it("has the twelve targets in order, Skip only when the step index is not 0", () => {
    const steps = quickStartSteps();
    expect(steps.map((step) => step.target)).toEqual(
      [
        "brand-logo",
        "chat-input-bar",
        "upload-file-button",
        "user-prompts-button",
        "chat-message-input",
        "chat-section",
        "chat-section",
        "conversation-popover",
        "search-titles",
        "account-name",
        "account-popover",
        "quick-start-entry",
      ].map((name) => `[data-tour="${name}"]`),
    );
    expect(steps.map((step) => step.placement)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      "right-start",
      "right-start",
      "right-start",
      undefined,
      undefined,
      "right-start",
      "right",
    ]);
    expect(steps[0]!.buttons).not.toContain("skip");
    for (const step of steps.slice(1)) expect(step.buttons).toContain("skip");
    // Clicks inside the spotlight: only on the conversation section's second step and the account name.
    expect(
      steps.map((step, index) => (step.blockTargetInteraction === false ? index + 1 : null)).filter(Boolean),
    ).toEqual([7, 10]);
  });

  it("marks the steps pointing into the side navigation (below lg the drawer opens for them only)", () => {
    const steps = quickStartSteps();
    const inNavigation = steps
      .map((step, index) => ((step.data as TourStepData).navigation ? index + 1 : null))
      .filter(Boolean);
    expect(inNavigation).toEqual([1, 6, 7, 8, 9, 10, 11, 12]);
    expect(steps.map((step) => (step.data as TourStepData).popover ?? null)).toEqual([
      ...Array<null>(7).fill(null),
      "conversation",
      null,
      null,
      "account",
      "account",
    ]);
    for (const step of steps) expect(step.before).toBeTypeOf("function");
  });
});
