import { logger } from "../../app/logger";
import { type TourState, tourStore } from "./tourStore";

/** Spec §4: Restart stops, goes back to step 0 and starts again after 100 ms. */
export const TOUR_RESTART_DELAY_MS = 100;

const TOUR_STATE_KEYS: ReadonlySet<string> = new Set<keyof TourState>(["run", "steps", "stepIndex"]);

/** Spec §5: the tour starts only when every step is an object with a target. */
export function stepsAreValid(steps: unknown): boolean {
  return (
    Array.isArray(steps) &&
    steps.every(
      (step: unknown) => typeof step === "object" && step !== null && Boolean((step as { target?: unknown }).target),
    )
  );
}

let restartTimer: ReturnType<typeof setTimeout> | undefined;

/** The tour's state machine (spec §4). */
export const tourActions = {
  /** Spec §8: an update naming anything but run, steps and stepIndex is refused with an error. */
  setState(update: Partial<TourState>): void {
    if (Object.keys(update).some((key) => !TOUR_STATE_KEYS.has(key))) {
      logger.error("State is not valid", update);
      return;
    }
    tourStore.setState(update);
  },
  start(): void {
    const { steps } = tourStore.getState();
    if (!stepsAreValid(steps)) {
      logger.warn("Steps are not valid", steps);
      return;
    }
    tourActions.setState({ run: true });
  },
  stop(): void {
    clearTimeout(restartTimer);
    tourActions.setState({ run: false });
  },
  restart(): void {
    tourActions.stop();
    tourActions.setState({ stepIndex: 0 });
    restartTimer = setTimeout(tourActions.start, TOUR_RESTART_DELAY_MS);
  },
  /** After a step completes, or when its target is not found: one step on, or one back for 'previous'. */
  advance(fromIndex: number, back: boolean): void {
    tourActions.setState({ stepIndex: fromIndex + (back ? -1 : 1) });
  },
  /** Finishing stops the tour and goes back to step 0. */
  finish(): void {
    tourActions.stop();
    tourActions.setState({ stepIndex: 0 });
  },
};
