/**
 * The Quick Start entry's action. The tour (its steps, wording and engine)
 * loads with its first start, keeping it out of the chat page's first load.
 */
export function startQuickStartTour(): void {
  void import("./launchQuickStartTour").then(({ launchQuickStartTour }) => launchQuickStartTour());
}
