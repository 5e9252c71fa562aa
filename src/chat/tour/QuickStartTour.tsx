import GlobalStyles from "@mui/material/GlobalStyles";
import { useTheme } from "@mui/material/styles";
import { useEffect, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Joyride, type Locale, type Options, PORTAL_ELEMENT_ID } from "react-joyride";
import "../../app/i18n/tourStrings";
import { useNavContext } from "../../app/layout/useNavContext";
import { useStore } from "../../app/store/useStore";
import { blockNavigation } from "./blockNavigation";
import { OFF_TARGET_ATTRIBUTE } from "./clearOfSurface";
import { handleTourEvent } from "./handleTourEvent";
import type { TourStepData } from "./quickStartSteps";
import { closeTourPopovers } from "./tourPopovers";
import { tourStore } from "./tourStore";
import { TourTooltip } from "./TourTooltip";

/**
 * Spec §4 and §9: overlay clicks do not close the tour, Escape closes a tooltip,
 * z-index 10000, width 380 px (the tooltip keeps to the window width minus 30 on
 * narrow screens), spotlight padding 10, scroll offset 20, scrolling 300 ms.
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

/**
 * A tooltip that fits on no side of its target (the conversation section fills the
 * navigation drawer on a phone) is moved into the window, over part of the target,
 * rather than off the screen.
 */
const FLOATING_OPTIONS = { shiftOptions: { crossAxis: true } } as const;

/** A tooltip moved off its target (clearOfSurface.ts) shows no arrow. */
// !important: the arrow carries its display in its inline style.
const OFF_TARGET_STYLES = { [`[${OFF_TARGET_ATTRIBUTE}] .react-joyride__arrow`]: { display: "none !important" } };

/**
 * The side navigation's steps need it open: on desktop it starts mini and stays open for
 * the tour; below lg it is a drawer, open for the steps pointing into it and closed for
 * the others (their steps wait for it, see tourNavigation).
 */
function useNavigationForStep(run: boolean, navigationStep: boolean): void {
  const { isDesktop, mini, toggleMini, mobileOpen, openMobile, closeMobile } = useNavContext();
  useEffect(() => {
    if (run && isDesktop && mini) toggleMini();
  }, [run, isDesktop, mini, toggleMini]);
  useEffect(() => {
    if (!run || isDesktop || mobileOpen === navigationStep) return;
    if (navigationStep) openMobile();
    else closeMobile();
  }, [run, isDesktop, navigationStep, mobileOpen, openMobile, closeMobile]);
}

/**
 * An open popover or drawer hides everything else from assistive technology (aria-hidden
 * on the body's other children), the tour's tooltip included: the tooltip explains what
 * they show, so it stays readable while the tour runs.
 */
function useTooltipStaysReadable(run: boolean): void {
  useEffect(() => {
    if (!run) return undefined;
    const reveal = () => document.getElementById(PORTAL_ELEMENT_ID)?.removeAttribute("aria-hidden");
    const observer = new MutationObserver(reveal);
    observer.observe(document.body, { subtree: true, attributeFilter: ["aria-hidden"] });
    reveal();
    return () => observer.disconnect();
  }, [run]);
}

/** The Quick Start tour (spec §2), controlled by tourStore. */
export function QuickStartTour() {
  const { t } = useTranslation();
  const theme = useTheme();
  const { run, steps, stepIndex } = useStore(tourStore, (state) => state);
  const data = run ? (steps[stepIndex]?.data as TourStepData | undefined) : undefined;
  const popover = data?.popover;
  useNavigationForStep(run, data?.navigation ?? false);
  useTooltipStaysReadable(run);
  useEffect(() => (run ? blockNavigation() : undefined), [run]);
  // Also when the tour ends: a popover the user opened on a step that allows clicks (step 10) closes with it.
  useEffect(() => closeTourPopovers(popover), [popover, run]);

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
    <>
      <GlobalStyles styles={OFF_TARGET_STYLES} />
      <Joyride
        continuous
        run={run}
        steps={steps}
        stepIndex={stepIndex}
        onEvent={handleTourEvent}
        options={options}
        locale={locale}
        tooltipComponent={TourTooltip}
        floatingOptions={FLOATING_OPTIONS}
      />
    </>
  );
}
