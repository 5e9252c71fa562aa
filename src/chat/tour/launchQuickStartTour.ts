import { quickStartSteps } from "./quickStartSteps";
import { tourActions } from "./tourActions";

/** Loads the Quick Start steps into the tour state and (re)starts the tour from its first step. */
export function launchQuickStartTour(): void {
  tourActions.setState({ steps: quickStartSteps() });
  tourActions.restart();
}
