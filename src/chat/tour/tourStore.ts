import type { Step } from "react-joyride";
import { createStore } from "../../app/store/createStore";

/** Spec §3 "Tour state": whether the tour runs, its steps and the current step. */
export interface TourState {
  run: boolean;
  steps: Step[];
  stepIndex: number;
}

/**
 * The tour state, outside React. Only this object is in the chat page's first
 * load: the rules that change it (tourActions) and the tour itself come with
 * the first start of the tour.
 */
export const tourStore = createStore<TourState>({ run: false, steps: [], stepIndex: 0 });
