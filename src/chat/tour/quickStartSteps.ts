import type { Step } from "react-joyride";
import type enTour from "../../app/i18n/enTour.json";
import "../../app/i18n/tourStrings";
import { i18next } from "../../app/i18n/i18n";
import { clearOfSurface } from "./clearOfSurface";
import { showChatsTab } from "./showChatsTab";
import { waitForNavigation, waitForNavigationDrawerClosed } from "./tourNavigation";
import { openTourPopover, type TourPopover } from "./tourPopovers";

/** What a step carries for the tour itself. */
export interface TourStepData {
  /** The popover it shows, opened before and closed after. */
  popover?: TourPopover;
  /** It points into the side navigation: below lg the tour opens the navigation drawer for it. */
  navigation?: boolean;
}

type StepKey = keyof (typeof enTour)["tour"]["steps"];

interface StepOptions extends Partial<Step> {
  data?: TourStepData;
  /** What the step needs shown once the navigation stands still (the Chats tab, a popover). */
  show?: () => Promise<void>;
}

function step(target: string, key: StepKey, { data = {}, show, ...options }: StepOptions = {}): Step {
  const before = data.navigation
    ? async () => {
        await waitForNavigation();
        await show?.();
      }
    : waitForNavigationDrawerClosed;
  return { target: `[data-tour="${target}"]`, content: i18next.t(`tour.steps.${key}`), data, before, ...options };
}

const inNavigation: StepOptions = { data: { navigation: true } };

/**
 * The conversation section is as tall as the navigation: with no room on its right (a
 * phone, where the navigation is a drawer), its tooltip goes below it and is moved up into
 * the window, over the section's lower end rather than over 'New Chat' and the first conversations.
 */
const chatSection: StepOptions = {
  ...inNavigation,
  placement: "right-start",
  floatingOptions: { flipOptions: { fallbackPlacements: ["bottom"] } },
};

function showing(popover: TourPopover): StepOptions {
  return { data: { navigation: true, popover }, show: () => openTourPopover(popover) };
}

/**
 * The twelve steps of spec §2 "Quick Start tour", in order. Their targets carry
 * `data-tour` attributes. Only steps 7 and 10 let the user click the highlighted
 * element; the Skip button (labelled 'Restart') shows from the second step on.
 */
export function quickStartSteps(): Step[] {
  const steps = [
    step("brand-logo", "welcome", inNavigation),
    step("chat-input-bar", "inputBar"),
    step("upload-file-button", "uploadFile"),
    step("user-prompts-button", "userPrompts"),
    step("chat-message-input", "messageInput"),
    step("chat-section", "chatSection", { ...chatSection, show: showChatsTab }),
    step("chat-section", "chatSectionOptions", { ...chatSection, blockTargetInteraction: false }),
    step("conversation-popover", "conversationPopover", { placement: "right-start", ...showing("conversation") }),
    step("search-titles", "searchTitles", inNavigation),
    step("account-name", "accountName", { ...inNavigation, blockTargetInteraction: false }),
    step("account-popover", "accountPopover", { placement: "right-start", ...showing("account") }),
    // Beside the entry, not over the popover that holds it (the spec names no placement here); on a
    // phone, with no room beside it, above the popover rather than over its top.
    step("quick-start-entry", "quickStart", {
      placement: "right",
      floatingOptions: { middleware: [clearOfSurface('[data-tour="account-popover"]')] },
      ...showing("account"),
    }),
  ];
  return steps.map((each, index) => ({
    ...each,
    buttons: index === 0 ? ["back", "close", "primary"] : ["back", "close", "primary", "skip"],
  }));
}
