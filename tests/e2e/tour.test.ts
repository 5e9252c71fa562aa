/**
 * The Quick Start tour in the built app: started from the account popover, it
 * walks through its twelve steps to 'Done' (spec §2), with a conversation in the
 * History so that the conversation popover step has something to show: with the
 * mouse, with the keyboard only (Tab, Shift+Tab, Enter, Escape) and on a phone-sized
 * screen, where the navigation is a drawer. Every step is screenshotted at 1280×800
 * and 390×844.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { openaiModelEnv, setUpE2eAppWithModel, signInToChat } from "./fakeModelApp.ts";
import { expectLocation, expectVisible, waitForSettled } from "./harness.ts";

const { app, model } = setUpE2eAppWithModel({
  serverEnv: (fake) => ({
    ...openaiModelEnv(fake),
    // A private build to serve, for a machine where others rebuild dist/ during the run (unset: dist/).
    STATIC_DIR: process.env.E2E_STATIC_DIR,
  }),
});

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
/** The steps pointing into the side navigation (below lg the drawer is open for them only). */
const NAVIGATION_STEPS = new Set([1, 6, 7, 8, 9, 10, 11, 12]);
const PRIMARY = '.react-joyride__tooltip [data-action="primary"]';

/** Signs in with one conversation in the History (step 8 shows its popover). */
async function chatWithOneConversation(): Promise<{ page: Page; chatPath: string }> {
  model().enqueue({ tokens: ["Hello", " there."] }, { tokens: ["Greetings"] });
  const { page, chat } = await signInToChat(app);
  await chat.ask("Hello?");
  expect(await chat.waitForAnswerEnd(0)).toBe("Complete");
  const url = new URL(page.url());
  return { page, chatPath: url.pathname + url.search };
}

type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

function tooltipOfStep(page: Page, step: number) {
  return page.locator(`.react-joyride__tooltip[data-joyride-step="${step - 1}"]`);
}

/** What has the keyboard focus: the tooltip's button (by its data-action), or a description of the element. */
function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const active = document.activeElement;
    if (!active || active === document.body) return "body";
    const action = active.closest(".react-joyride__tooltip") && active.getAttribute("data-action");
    if (action) return `tooltip:${action}`;
    return active.getAttribute("data-tour") ?? `${active.tagName.toLowerCase()}:${active.textContent?.trim() ?? ""}`;
  });
}

/** Waits until the focus is on the tooltip's primary button (the engine moves it there on each step). */
async function expectPrimaryFocused(page: Page, step: number): Promise<void> {
  const moved = await page
    .waitForFunction((selector) => document.activeElement?.matches(selector) ?? false, PRIMARY, { timeout: 5000 })
    .then(
      () => true,
      () => false,
    );
  expect(moved, `step ${step}: the focus should be on the primary button, not on ${await focused(page)}`).toBe(true);
}

/** Opens the tour with the keyboard only, from the account button: Tab to it, Enter, then the menu's Quick Start. */
async function startTourWithKeyboard(page: Page): Promise<void> {
  for (let presses = 0; presses < 80 && (await focused(page)) !== "account-name"; presses++) {
    await page.keyboard.press("Tab");
  }
  expect(await focused(page)).toBe("account-name");
  await page.keyboard.press("Enter");
  await expectVisible(page.locator('[data-tour="account-popover"]'), "the account popover");
  // Into the menu (Tab), then down its items (the menu's arrow keys) to Quick Start.
  for (let presses = 0; presses < 10 && !(await isMenuItem(page)); presses++) {
    await page.keyboard.press("Tab");
  }
  for (let presses = 0; presses < 10 && (await focused(page)) !== "quick-start-entry"; presses++) {
    await page.keyboard.press("ArrowDown");
  }
  expect(await focused(page)).toBe("quick-start-entry");
  await page.keyboard.press("Enter");
  await expectVisible(tooltipOfStep(page, 1), "the tooltip of step 1");
}

function isMenuItem(page: Page): Promise<boolean> {
  return page.evaluate(() => document.activeElement?.getAttribute("role") === "menuitem");
}

describe("Quick Start tour", () => {
  it("starts from the account popover and clicks through all twelve steps to Done", async () => {
    const { page, chatPath } = await chatWithOneConversation();

    await page.locator('[data-tour="account-name"]').click();
    await page.getByRole("menuitem", { name: "Quick Start" }).click();

    const tooltip = page.locator(".react-joyride__tooltip");
    const primary = tooltip.locator('[data-action="primary"]');
    // 'Restart' (the Skip button) starts the tour again from its first step.
    await primary.click();
    await page.getByRole("button", { name: "Restart" }).click();
    await expectVisible(tooltipOfStep(page, 1), "the first step again after Restart");
    for (let step = 1; step <= TARGETS.length; step++) {
      await expectVisible(tooltipOfStep(page, step), `the tooltip of step ${step}`);
      await expectVisible(page.locator(`[data-tour="${TARGETS[step - 1]}"]`).first(), `the target of step ${step}`);
      // A dialog named by its title and step counter.
      await expectVisible(
        page.getByRole("dialog", { name: `Quick Start Step ${step} of ${TARGETS.length}` }),
        `the tour dialog of step ${step}`,
      );
      const label = step === TARGETS.length ? "Done" : `Next (Step ${step} of ${TARGETS.length})`;
      expect(await primary.textContent()).toBe(label);
      expect(await primary.getAttribute("aria-label")).toBe(label);
      // The Skip button, labelled 'Restart', shows from the second step on, the last step included; Close on every step.
      expect(await tooltip.getByRole("button", { name: "Restart" }).count()).toBe(step === 1 ? 0 : 1);
      expect(await tooltip.getByRole("button", { name: "Close" }).count()).toBe(1);
      if (step === 7) {
        // Clicks inside the spotlight are allowed here, but the navigation stays put while the tour runs.
        await page.locator('[data-tour="chat-section"]').getByRole("button", { name: "New Chat" }).click();
        await expectLocation(page, chatPath);
      }
      if (step === 11) {
        // The popover the tour opened leaves the tooltip readable by assistive technology.
        expect(await page.locator("#react-joyride-portal").getAttribute("aria-hidden")).toBeNull();
      }
      await primary.click();
    }

    await tooltip.waitFor({ state: "detached" });
    // The popover the tour opened is closed again.
    await page.locator('[data-tour="account-popover"]').waitFor({ state: "detached" });
    await expectLocation(page, chatPath);
  });

  it("runs through all twelve steps with the keyboard only, the focus kept in the tooltip, back to the account button", async () => {
    const { page, chatPath } = await chatWithOneConversation();
    await startTourWithKeyboard(page);

    for (let step = 1; step <= TARGETS.length; step++) {
      await expectVisible(tooltipOfStep(page, step), `the tooltip of step ${step}`);
      await expectPrimaryFocused(page, step);
      // The popovers the tour opens (steps 8, 11, 12) do not pull the focus back into themselves.
      await page.waitForTimeout(300);
      expect(await focused(page), `step ${step}: the focus after 300 ms`).toBe("tooltip:primary");
      // Tab cycles within the tooltip: from the primary button (the last) round to Close, and back.
      await page.keyboard.press("Tab");
      expect(await focused(page), `step ${step}: Tab`).toBe("tooltip:close");
      await page.keyboard.press("Shift+Tab");
      expect(await focused(page), `step ${step}: Shift+Tab`).toBe("tooltip:primary");
      await page.keyboard.press("Shift+Tab");
      expect(await focused(page), `step ${step}: Shift+Tab twice`).toBe(step === 1 ? "tooltip:close" : "tooltip:back");
      await page.keyboard.press("Tab");
      expect(await focused(page), `step ${step}: back on the primary button`).toBe("tooltip:primary");
      if (step === 3) {
        // Back with the keyboard, then on again.
        await page.keyboard.press("Shift+Tab");
        await page.keyboard.press("Enter");
        await expectVisible(tooltipOfStep(page, 2), "step 2 again after Back");
        await expectPrimaryFocused(page, 2);
        await page.keyboard.press("Enter");
        await expectVisible(tooltipOfStep(page, 3), "step 3 again");
        await expectPrimaryFocused(page, 3);
      }
      await waitForSettled(page);
      // Beside its target on a wide screen, step 12's tooltip keeps its arrow (a narrow one hides it).
      if (step === 12)
        expect(await page.locator(".react-joyride__floater .react-joyride__arrow").isVisible()).toBe(true);
      await app.screenshot(page, `tour-step-${step}`);
      await page.keyboard.press("Enter");
    }

    await page.locator(".react-joyride__tooltip").waitFor({ state: "detached" });
    await page.locator('[data-tour="account-popover"]').waitFor({ state: "detached" });
    await page.waitForFunction(() => document.activeElement?.getAttribute("data-tour") === "account-name");
    await expectLocation(page, chatPath);
  });

  it("Escape on a popover step ends the tour and closes its popover; the focus returns to the account button", async () => {
    const { page } = await chatWithOneConversation();
    for (const [escapeAt, popover] of [
      [8, "conversation-popover"],
      [11, "account-popover"],
    ] as const) {
      await startTourWithKeyboard(page);
      for (let step = 1; step < escapeAt; step++) {
        await expectPrimaryFocused(page, step);
        await page.keyboard.press("Enter");
      }
      await expectVisible(tooltipOfStep(page, escapeAt), `the tooltip of step ${escapeAt}`);
      await expectVisible(page.locator(`[data-tour="${popover}"]`), `the popover of step ${escapeAt}`);
      await expectPrimaryFocused(page, escapeAt);
      await page.keyboard.press("Escape");
      await page.locator(".react-joyride__tooltip").waitFor({ state: "detached" });
      await page.locator(`[data-tour="${popover}"]`).waitFor({ state: "detached" });
      await page.waitForFunction(() => document.activeElement?.getAttribute("data-tour") === "account-name");
    }

    // Step 10 lets the user open the account popover with a click: Escape closes it with the tour.
    await startTourWithKeyboard(page);
    for (let step = 1; step < 10; step++) {
      await expectPrimaryFocused(page, step);
      await page.keyboard.press("Enter");
    }
    await expectVisible(tooltipOfStep(page, 10), "the tooltip of step 10");
    await page.locator('[data-tour="account-name"]').click();
    await expectVisible(page.locator('[data-tour="account-popover"]'), "the account popover opened by the user");
    await page.keyboard.press("Escape");
    await page.locator(".react-joyride__tooltip").waitFor({ state: "detached" });
    await page.locator('[data-tour="account-popover"]').waitFor({ state: "detached" });
    await page.waitForFunction(() => document.activeElement?.getAttribute("data-tour") === "account-name");
  });

  it("on a 390×844 screen opens the navigation drawer for its steps only, each tooltip inside the screen", async () => {
    const { page, chatPath } = await chatWithOneConversation();
    await page.setViewportSize({ width: 390, height: 844 });
    // By tag: while a popover is open over the drawer, the drawer is hidden from the accessibility tree.
    const navigation = page.locator("nav");
    await navigation.waitFor({ state: "detached" });
    await page.getByRole("button", { name: "Open navigation" }).click();
    await page.locator('[data-tour="account-name"]').click();
    await page.getByRole("menuitem", { name: "Quick Start" }).click();

    for (let step = 1; step <= TARGETS.length; step++) {
      const tooltip = tooltipOfStep(page, step);
      await expectVisible(tooltip, `the tooltip of step ${step}`);
      await expectVisible(page.locator(`[data-tour="${TARGETS[step - 1]}"]`).first(), `the target of step ${step}`);
      if (NAVIGATION_STEPS.has(step)) await expectVisible(navigation, `the navigation drawer at step ${step}`);
      else expect(await navigation.count(), `the navigation drawer is closed at step ${step}`).toBe(0);
      await waitForSettled(page);
      const box = await tooltip.boundingBox();
      expect(box, `step ${step}: the tooltip's box`).not.toBeNull();
      expect(box!.x, `step ${step}: left edge`).toBeGreaterThanOrEqual(0);
      expect(box!.y, `step ${step}: top edge`).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width, `step ${step}: right edge`).toBeLessThanOrEqual(390);
      expect(box!.y + box!.height, `step ${step}: bottom edge`).toBeLessThanOrEqual(844);
      if (step === 11 || step === 12) {
        // The account popover these steps explain stays readable: the tooltip is beside it, not over it.
        const popover = await page.locator('[data-tour="account-popover"]').boundingBox();
        expect(popover, `step ${step}: the account popover's box`).not.toBeNull();
        expect(
          overlap(box!, popover!),
          `step ${step}: tooltip ${JSON.stringify(box)} over popover ${JSON.stringify(popover)}`,
        ).toBe(false);
      }
      // Moved above the popover, step 12's tooltip would point its arrow at the popover's top: it has none.
      if (step === 12)
        expect(await page.locator(".react-joyride__floater .react-joyride__arrow").isVisible()).toBe(false);
      await app.screenshot(page, `tour-narrow-step-${step}`);
      await tooltip.locator('[data-action="primary"]').click();
    }

    await page.locator(".react-joyride__tooltip").waitFor({ state: "detached" });
    await page.locator('[data-tour="account-popover"]').waitFor({ state: "detached" });
    await expectLocation(page, chatPath);
  });
});
