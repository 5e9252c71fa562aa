import type { Locator, Page } from "playwright-core";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { openaiModelEnv, setUpE2eAppWithModel, signInToChat } from "./fakeModelApp.ts";
import { waitForSettled } from "./harness.ts";

const { app, model } = setUpE2eAppWithModel({
  serverEnv: (fake) => ({ ...openaiModelEnv(fake), STATIC_DIR: process.env.E2E_STATIC_DIR }),
  onModelStarted: (fake) => fake.setDefault({ tokens: ["An answer of", " a few words."] }),
});

/**
 * Records the text added inside live regions from now on (role log, status or alert, or aria-live other
 * than off): what a screen reader would read out without the reader asking.
 */
async function recordAnnouncements(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const announced: string[] = [];
    (window as unknown as { announced: string[] }).announced = announced;
    const liveRegionOf = (node: Node) => {
      for (let el = node.nodeType === 1 ? (node as Element) : node.parentElement; el; el = el.parentElement) {
        const live = el.getAttribute("aria-live");
        if (live) return live === "off" ? null : el;
        if (["log", "status", "alert"].includes(el.getAttribute("role") ?? "")) return el;
      }
      return null;
    };
    new MutationObserver((records) => {
      for (const record of records) {
        if (!liveRegionOf(record.target)) continue;
        const text =
          record.type === "characterData"
            ? record.target.textContent
            : [...record.addedNodes].map((node) => node.textContent).join("");
        if (text?.trim()) announced.push(text.trim());
      }
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { announced: string[] }).announced.slice());
}

/** The highest contrast between a pixel of `focused` and the same pixel of `plain` (WCAG's ratio). */
async function contrastOfChange(focused: Buffer, plain: Buffer): Promise<number> {
  const [a, b] = await Promise.all([focused, plain].map((png) => sharp(png).removeAlpha().raw().toBuffer()));
  const luminance = (data: Buffer, i: number) => {
    const [r, g, bl] = [data[i]!, data[i + 1]!, data[i + 2]!].map((v) => {
      const c = v / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  let max = 1;
  for (let i = 0; i < a!.length; i += 3) {
    const [l1, l2] = [luminance(a!, i), luminance(b!, i)];
    max = Math.max(max, (Math.max(l1, l2) + 0.05) / (Math.min(l1, l2) + 0.05));
  }
  return max;
}

/** Whether the centre of `locator` is where a pointer reaches it (nothing on top of it). */
function reachable(page: Page, locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return top !== null && el.contains(top);
  });
}

describe("the chat screen with a keyboard, a screen reader and a small window", () => {
  it("announces a streamed answer once, when it ends: no chunk, no row of the conversation", async () => {
    const chunks = Array.from({ length: 20 }, (_, i) => `${i ? " " : ""}w${i + 1}`);
    model().enqueue({ tokens: chunks, delayMs: 100 }, { tokens: ["Title"] });
    const { page, chat } = await signInToChat(app);
    await chat.ask("Count to twenty");
    await chat.intermediateAnswerText(0, "w1", "w20");
    const announced = await recordAnnouncements(page);
    expect(await chat.waitForAnswerEnd(0)).toBe("Complete");
    // The stored row has replaced the live one, the title has come.
    await page.waitForTimeout(1000);
    expect(await announced()).toEqual(["Assistant answered."]);
    // What Chromium tells screen readers: the conversation is no live region.
    const cdp = await page.context().newCDPSession(page);
    const { nodes } = (await cdp.send("Accessibility.getFullAXTree")) as {
      nodes: { role?: { value: string }; properties?: { name: string; value: { value: unknown } }[] }[];
    };
    const log = nodes.find((node) => node.role?.value === "log");
    expect(log?.properties?.filter((property) => property.name === "live")).toEqual([]);
  });

  it("rings each button focused with the keyboard at 3:1 or more against its unfocused look", async () => {
    const { page, chat } = await signInToChat(app);
    await chat.ask("A question");
    await chat.waitForAnswerEnd(0);
    await page.getByRole("button", { name: "Expand navigation" }).click();
    await page.getByRole("tab", { name: "History" }).waitFor();
    await waitForSettled(page);
    await page.mouse.move(1279, 799);
    // Keyboard use from here on: a control focused next shows its focus (:focus-visible).
    await chat.composer.focus();
    await page.keyboard.press("Shift");
    const controls = [
      page.getByRole("button", { name: "New Chat" }),
      page.getByRole("tab", { name: "Chats" }),
      page.getByRole("tab", { name: "History" }),
      page.getByRole("button", { name: /^Options for/ }).first(),
      chat.answer(0).getByRole("button", { name: "Copy answer" }),
      chat.answer(0).getByRole("button", { name: "Good answer" }),
      chat.answer(0).getByRole("button", { name: "Regenerate" }),
      chat.answer(0).getByRole("button", { name: "Details" }),
      page.getByRole("button", { name: "User prompts" }),
    ];
    const contrasts: string[] = [];
    for (const control of controls) {
      await control.focus();
      await page.waitForTimeout(400);
      const box = (await control.boundingBox())!;
      const clip = { x: box.x - 6, y: box.y - 6, width: box.width + 12, height: box.height + 12 };
      const focused = await page.screenshot({ clip });
      if (control === controls[4]) await app.screenshot(page, "chat-focus-ring-answer-action");
      await control.evaluate((el) => (el as HTMLElement).blur());
      await page.waitForTimeout(400);
      const contrast = await contrastOfChange(focused, await page.screenshot({ clip }));
      contrasts.push(
        `${(await control.getAttribute("aria-label")) ?? (await control.textContent())}: ${contrast >= 3}`,
      );
    }
    expect(contrasts).toEqual([
      "New Chat: true",
      "Chats: true",
      "History: true",
      expect.stringMatching(/^Options for .*: true$/),
      "Copy answer: true",
      "Good answer: true",
      "Regenerate: true",
      "Details: true",
      "User prompts: true",
    ]);
  });

  it("keeps 'Jump to latest' clear of a toast, on a phone and in a small window", async () => {
    model().enqueue(
      { tokens: ["First answer"] },
      { tokens: ["Title"] },
      { tokens: Array.from({ length: 60 }, (_, i) => `${i ? "\n\n" : ""}Para ${i + 1} text.`), delayMs: 80 },
    );
    const { page, chat } = await signInToChat(app);
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.setViewportSize({ width: 390, height: 844 });
    await chat.ask("first");
    await chat.waitForAnswerEnd(0);
    await chat.ask("a long one");
    await chat.intermediateAnswerText(1, "Para 20 ", "Para 60 ");
    const jump = page.getByRole("button", { name: "Jump to latest" });
    const toast = page.getByRole("alert").filter({ hasText: "Copied to clipboard" });
    for (const [width, height] of [
      [390, 844],
      [640, 400],
    ] as const) {
      await page.setViewportSize({ width, height });
      await jump.waitFor();
      // Copy answer shows a toast (a code block's copy and a pin do too).
      await chat.answer(0).getByRole("button", { name: "Copy answer" }).click();
      await toast.waitFor();
      await page.waitForTimeout(300);
      await app.screenshot(page, `chat-toast-above-jump-to-latest-${width}`);
      expect(await reachable(page, jump), `'Jump to latest' at ${width}×${height}`).toBe(true);
      await toast.waitFor({ state: "detached" });
    }
  });

  it("keeps the conversation in view above a ten-line draft at 640×400 (200 % zoom)", async () => {
    const { page, chat } = await signInToChat(app);
    await chat.ask("A question");
    await chat.waitForAnswerEnd(0);
    await page.setViewportSize({ width: 640, height: 400 });
    await chat.composer.fill(Array.from({ length: 10 }, (_, i) => `draft line ${i + 1}`).join("\n"));
    await waitForSettled(page);
    await app.screenshot(page, "chat-long-draft-640x400");
    // The input is at most 40 % of the window less 80 px high, and scrolls; the conversation keeps 100 px and more.
    const input = await chat.composer.evaluate((el) => ({
      height: el.clientHeight,
      scrolls: el.scrollHeight > el.clientHeight,
    }));
    expect(input).toEqual({ height: 80, scrolls: true });
    expect(await chat.log.evaluate((el) => el.getBoundingClientRect().height)).toBeGreaterThanOrEqual(100);
  });
});
