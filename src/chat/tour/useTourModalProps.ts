import { useStore } from "../../app/store/useStore";
import { tourStore } from "./tourStore";

/** The focus props of an MUI modal (popover, menu, temporary drawer) that the tour turns off. */
export interface TourModalProps {
  disableAutoFocus?: boolean;
  disableEnforceFocus?: boolean;
  disableRestoreFocus?: boolean;
}

const RELAXED: TourModalProps = { disableAutoFocus: true, disableEnforceFocus: true, disableRestoreFocus: true };
const DEFAULT: TourModalProps = {};

/**
 * While the Quick Start tour runs, the popovers and the navigation drawer it
 * opens give up their focus trap: the keyboard stays in the tour's tooltip
 * (its buttons reachable with Tab, Escape ending the tour), which explains them.
 * Only the tour's state (already in the first load) is read here.
 */
export function useTourModalProps(): TourModalProps {
  return useStore(tourStore, (state) => (state.run ? RELAXED : DEFAULT));
}
