/**
 * The Quick Start tour in the built app: started from the account popover, it
 * walks through its twelve steps to 'Done' (spec §2), with a conversation in the
 * History so that the conversation popover step has something to show.
 */
import { describe, expect, it } from "vitest";
import { openaiModelEnv, setUpE2eAppWithModel, signInToChat } from "./fakeModelApp.ts";
import { expectLocation, expectVisible, waitForSettled } from "./harness.ts";

const { app, model } = setUpE2eAppWithModel({ serverEnv: openaiModelEnv });

const TARGETS = [
  "brand-logo",
  "chat-input-bar",
  "upload-file-button",
  "user-prompts-button",
  "chat-message-input",
  "chat-section",
  "chat-section",
  "conversation-popover",
  "search-titles",
  "account-name",
  "account-popover",
  "quick-start-entry",
];
/** Steps worth a look: the welcome, the composer, the section, both popovers and the end. */
const SCREENSHOT_STEPS = new Set([1, 2, 6, 8, 11, 12]);

describe("Quick Start tour", () => {
  it("starts from the account popover and clicks through all twelve steps to Done", async () => {
    model().enqueue({ tokens: ["Hello", " there."] }, { tokens: ["Greetings"] });
    const { page, chat } = await signInToChat(app);
    await chat.ask("Hello?");
    expect(await chat.waitForAnswerEnd(0)).toBe("Complete");
    const chatUrl = new URL(page.url());

    await page.locator('[data-tour="account-name"]').click();
    await page.getByRole("menuitem", { name: "Quick Start" }).click();

    const tooltip = page.locator(".react-joyride__tooltip");
    const primary = tooltip.locator('[data-action="primary"]');
    // 'Restart' (the Skip button) starts the tour again from its first step.
    await primary.click();
    await page.getByRole("button", { name: "Restart" }).click();
    await expectVisible(tooltip.and(page.locator('[data-joyride-step="0"]')), "the first step again after Restart");
    for (let step = 1; step <= TARGETS.length; step++) {
      await expectVisible(
        tooltip.and(page.locator(`[data-joyride-step="${step - 1}"]`)),
        `the tooltip of step ${step}`,
      );
      await expectVisible(page.locator(`[data-tour="${TARGETS[step - 1]}"]`).first(), `the target of step ${step}`);
      const label = step === TARGETS.length ? "Done" : `Next (Step ${step} of ${TARGETS.length})`;
      expect(await primary.textContent()).toBe(label);
      // The Skip button, labelled 'Restart', shows from the second step on (and not on the last).
      expect(await tooltip.locator('[data-action="skip"]').count()).toBe(step === 1 || step === 12 ? 0 : 1);
      if (step === 7) {
        // Clicks inside the spotlight are allowed here, but the navigation stays put while the tour runs.
        await page.locator('[data-tour="chat-section"]').getByRole("button", { name: "New Chat" }).click();
        await expectLocation(page, chatUrl.pathname + chatUrl.search);
      }
      if (step === 11) {
        // The popover the tour opened leaves the tooltip readable by assistive technology.
        expect(await page.locator("#react-joyride-portal").getAttribute("aria-hidden")).toBeNull();
      }
      if (SCREENSHOT_STEPS.has(step)) {
        await waitForSettled(page);
        await app.screenshot(page, `tour-step-${step}`);
      }
      await primary.click();
    }

    await tooltip.waitFor({ state: "detached" });
    // The popover the tour opened is closed again.
    await page.locator('[data-tour="account-popover"]').waitFor({ state: "detached" });
    await expectLocation(page, chatUrl.pathname + chatUrl.search);
  });
});
