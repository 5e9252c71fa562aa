import type { Locator } from "playwright-core";
import { expect } from "vitest";

/**
 * A question input and its Send button at phone width: beside each other while the question fits a
 * line; once it wraps, the question across the whole box and Send below it; one row again once emptied.
 */
export async function expectQuestionToTakeTheWholeRowOnceItWraps(input: Locator, send: Locator): Promise<void> {
  const box = async () => ({ input: (await input.boundingBox())!, send: (await send.boundingBox())! });
  await input.fill("A short one");
  const oneRow = await box();
  expect(oneRow.send.y, "Send beside the question").toBeLessThan(oneRow.input.y + oneRow.input.height);
  await input.fill("A longer question that runs over a line on a phone, with a few more words to be sure of it");
  const expanded = await box();
  expect(expanded.input.width, "the question across the box").toBeGreaterThan(300);
  expect(expanded.send.y, "Send below the question").toBeGreaterThanOrEqual(expanded.input.y + expanded.input.height);
  await input.fill("");
  expect((await box()).send.y, "one row again once emptied").toBeLessThan(oneRow.input.y + oneRow.input.height);
}
