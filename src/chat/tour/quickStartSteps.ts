import type { Step } from "react-joyride";
import type enTour from "../../app/i18n/enTour.json";
import "../../app/i18n/tourStrings";
import { i18next } from "../../app/i18n/i18n";
import { showChatsTab } from "./showChatsTab";
import { openTourPopover, type TourPopover } from "./tourPopovers";

/** What a step carries for the tour itself: the popover it shows, opened before and closed after. */
export interface TourStepData {
  popover?: TourPopover;
}

type StepKey = keyof (typeof enTour)["tour"]["steps"];

function step(target: string, key: StepKey, options: Partial<Step> = {}): Step {
  return { target: `[data-tour="${target}"]`, content: i18next.t(`tour.steps.${key}`), ...options };
}

function showing(popover: TourPopover): Partial<Step> {
  const data: TourStepData = { popover };
  return { data, before: () => openTourPopover(popover) };
}

/**
 * The twelve steps of spec §2 "Quick Start tour", in order. Their targets carry
 * `data-tour` attributes. Only steps 7 and 10 let the user click the highlighted
 * element; the Skip button (labelled 'Restart') shows from the second step on.
 */
export function quickStartSteps(): Step[] {
  const steps = [
    step("brand-logo", "welcome"),
    step("chat-input-bar", "inputBar"),
    step("upload-file-button", "uploadFile"),
    step("user-prompts-button", "userPrompts"),
    step("chat-message-input", "messageInput"),
    step("chat-section", "chatSection", { placement: "right-start", before: showChatsTab }),
    step("chat-section", "chatSectionOptions", { placement: "right-start", blockTargetInteraction: false }),
    step("conversation-popover", "conversationPopover", { placement: "right-start", ...showing("conversation") }),
    step("search-titles", "searchTitles"),
    step("account-name", "accountName", { blockTargetInteraction: false }),
    step("account-popover", "accountPopover", { placement: "right-start", ...showing("account") }),
    step("quick-start-entry", "quickStart", showing("account")),
  ];
  return steps.map((each, index) => ({
    ...each,
    buttons: index === 0 ? ["back", "close", "primary"] : ["back", "close", "primary", "skip"],
  }));
}
