import { useTheme } from "@mui/material/styles";
import { useEffect, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Joyride, type Locale, type Options } from "react-joyride";
import "../../app/i18n/tourStrings";
import { useNavContext } from "../../app/layout/useNavContext";
import { useStore } from "../../app/store/useStore";
import { blockNavigation } from "./blockNavigation";
import { handleTourEvent } from "./handleTourEvent";
import type { TourStepData } from "./quickStartSteps";
import { closeTourPopovers } from "./tourPopovers";
import { tourStore } from "./tourStore";

/**
 * Spec §4 and §9: overlay clicks do not close the tour, Escape closes a tooltip,
 * z-index 10000, width 380 px (the engine narrows it to the window width minus
 * 30 on small screens), spotlight padding 10, scroll offset 20, scrolling 300 ms.
 */
const TOUR_OPTIONS: Partial<Options> = {
  zIndex: 10000,
  width: 380,
  spotlightPadding: 10,
  scrollOffset: 20,
  scrollDuration: 300,
  overlayClickAction: false,
  dismissKeyAction: "close",
  blockTargetInteraction: true,
  showProgress: true,
  skipBeacon: true,
};

/** The side navigation's steps need it open (it starts mini on desktop). */
function useOpenNavigation(run: boolean): void {
  const { isDesktop, mini, toggleMini } = useNavContext();
  useEffect(() => {
    if (run && isDesktop && mini) toggleMini();
  }, [run, isDesktop, mini, toggleMini]);
}

/** The Quick Start tour (spec §2), controlled by tourStore. */
export function QuickStartTour() {
  const { t } = useTranslation();
  const theme = useTheme();
  const { run, steps, stepIndex } = useStore(tourStore, (state) => state);
  const popover = run ? (steps[stepIndex]?.data as TourStepData | undefined)?.popover : undefined;
  useOpenNavigation(run);
  useEffect(() => (run ? blockNavigation() : undefined), [run]);
  useEffect(() => closeTourPopovers(popover), [popover]);

  const locale = useMemo<Locale>(
    () => ({
      back: t("tour.back"),
      close: t("tour.close"),
      last: t("tour.last"),
      next: t("tour.next"),
      nextWithProgress: t("tour.nextWithProgress"),
      skip: t("tour.skip"),
    }),
    [t],
  );
  const options = useMemo<Partial<Options>>(
    () => ({
      ...TOUR_OPTIONS,
      primaryColor: theme.palette.primary.main,
      backgroundColor: theme.palette.background.paper,
      arrowColor: theme.palette.background.paper,
      textColor: theme.palette.text.primary,
    }),
    [theme],
  );

  return (
    <Joyride
      continuous
      run={run}
      steps={steps}
      stepIndex={stepIndex}
      onEvent={handleTourEvent}
      options={options}
      locale={locale}
    />
  );
}
