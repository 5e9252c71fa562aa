import { ACTIONS, type EventData, EVENTS, STATUS, type StepTarget } from "react-joyride";
import { logger } from "../../app/logger";
import { returnFocusAfterTour } from "./returnFocusAfterTour";
import { tourActions } from "./tourActions";

function resolveTarget(target: StepTarget): HTMLElement | null {
  if (typeof target === "string") return document.querySelector<HTMLElement>(target);
  if (typeof target === "function") return target();
  if (target instanceof HTMLElement) return target;
  return target.current;
}

/** Spec §8: an absent target is 'not mounted'; one that is there but hidden (display none, visibility hidden) is 'not visible'. */
export function targetProblem(target: StepTarget): "Target not mounted" | "Target not visible" {
  return resolveTarget(target) ? "Target not visible" : "Target not mounted";
}

/**
 * The tour is controlled (its step index lives in tourStore): this turns the
 * engine's events into state changes (spec §4).
 */
export function handleTourEvent({ type, action, index, status, step }: EventData): void {
  if (type === EVENTS.TARGET_NOT_FOUND) {
    logger.warn(targetProblem(step.target), step.target);
    tourActions.advance(index, action === ACTIONS.PREV);
    return;
  }
  if (type === EVENTS.STEP_AFTER) {
    tourActions.advance(index, action === ACTIONS.PREV);
    // Closing (the close button or Escape) stops the tour.
    if (action === ACTIONS.CLOSE) {
      tourActions.stop();
      returnFocusAfterTour();
    }
    return;
  }
  if (type === EVENTS.TOUR_END) {
    // The Skip button is labelled 'Restart' (spec §9): skipping starts the tour again.
    if (status === STATUS.SKIPPED) tourActions.restart();
    else if (status === STATUS.FINISHED) {
      tourActions.finish();
      returnFocusAfterTour();
    }
  }
}
