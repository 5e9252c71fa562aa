/**
 * The chat against the real server, whose seeded 'Assistant' agent is bound to a
 * local fake model server (OpenAI streaming protocol): a streamed answer, the
 * History list (title, rename, search, archive, export), Stop, a reload while answering,
 * streamed markdown, and question branches.
 */
import { readFile } from "node:fs/promises";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { openaiModelEnv, setUpE2eAppWithModel, signInToChat } from "./fakeModelApp.ts";
import { expectVisible, waitForSettled } from "./harness.ts";
import type { ChatPage } from "./pages/ChatPage.ts";
import { expectQuestionToTakeTheWholeRowOnceItWraps } from "./pages/composerRows.ts";
import { ConversationNav } from "./pages/ConversationNav.ts";

const { app, model } = setUpE2eAppWithModel({
  serverEnv: (fake) => ({
    ...openaiModelEnv(fake),
    // A private build to serve, for a machine where others rebuild dist/ during the run (unset: dist/).
    STATIC_DIR: process.env.E2E_STATIC_DIR,
  }),
});

/** Words streamed one per chunk: " w1", " w2", … (the first without its space). */
const words = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, i) => `${i ? " " : ""}${prefix}${i + 1}`);

async function openChat(): Promise<{ page: Page; chat: ChatPage; nav: ConversationNav }> {
  const { page, chat } = await signInToChat(app);
  return { page, chat, nav: new ConversationNav(page) };
}

describe("chat with a streaming model", () => {
  it("streams an answer, lists the titled conversation, renames, searches, archives and exports it", async () => {
    const tokens = [
      "Forty",
      "-two",
      " is",
      " the",
      " answer",
      " to",
      " life",
      ",",
      " the",
      " universe",
      " and",
      " everything.",
    ];
    model().enqueue({ tokens, delayMs: 80 }, { tokens: ["Meaning", " of", " life"] });
    const { page, chat, nav } = await openChat();
    const question = "What is the meaning of life?";

    await chat.ask(question);

    // Shown progressively: some tokens on screen before the last one arrives.
    const partial = await chat.intermediateAnswerText(0, "Forty-two", "everything.");
    expect(partial).not.toContain("everything.");
    expect(await chat.waitForAnswerEnd(0)).toBe("Complete");
    const fullAnswer = tokens.join("");
    await expectVisible(chat.answer(0).getByText(fullAnswer), "the complete answer");
    await expectVisible(chat.questions.getByText(question, { exact: true }), "the question");

    // History, under Today, with the title the model generated.
    const titled = nav.row(nav.historyList, "Meaning of life");
    await nav.expand();
    await expectVisible(titled, "the conversation row with its generated title");
    await expectVisible(nav.groupHeading(nav.historyList, "Today"), "the 'Today' group");
    await waitForSettled(page);
    await app.screenshot(page, "chat-streamed");

    await nav.rename(titled, "Life questions");
    const renamed = nav.row(nav.historyList, "Life questions");
    await expectVisible(renamed, "the renamed conversation");
    expect(await titled.count()).toBe(0);

    // Search: case-insensitive substring, applied after the 300 ms debounce.
    await nav.search.fill("QUESTIONS");
    await page.waitForTimeout(400);
    await expectVisible(renamed, "the conversation matching the search");
    await nav.search.fill("zebra");
    await expectVisible(
      nav.message("No chats match your search. Try a different title or start a new conversation."),
      "the no-match message",
    );
    expect(await renamed.count()).toBe(0);
    await nav.search.fill("");
    await expectVisible(renamed, "the conversation once the search is cleared");

    await nav.chooseOption(renamed, "Archive");
    await expectVisible(
      nav.message("You don’t have any chats. Start a new conversation to see it here."),
      "the empty History",
    );
    await nav.archivedTab.click();
    const archived = nav.row(nav.archivedList, "Life questions");
    await expectVisible(archived, "the conversation in the Archived tab");

    const download = await nav.export(archived);
    expect(download.suggestedFilename()).toBe("Life questions.txt");
    const exported = await readFile(await download.path(), "utf8");
    expect(exported).toContain(question);
    expect(exported).toContain(fullAnswer);
  });

  it("shows in another tab of the browser, without a reload, the conversation one tab started, renamed, archived and deleted", async () => {
    const { page, chat, nav } = await openChat();
    const other = await page.context().newPage();
    await other.goto("/chat");
    const otherNav = new ConversationNav(other);
    await otherNav.expand();

    model().enqueue({ tokens: ["Shared", " answer"] }, { tokens: ["Between", " two", " tabs"] });
    await chat.ask("Does the other tab see this?");
    expect(await chat.waitForAnswerEnd(0)).toBe("Complete");
    await expectVisible(
      otherNav.row(otherNav.historyList, "Between two tabs"),
      "the new conversation in the other tab",
    );

    // A tab in the background runs its animations late: the menus are used in the tab in front.
    await page.bringToFront();
    await nav.expand();
    await nav.rename(nav.row(nav.historyList, "Between two tabs"), "Renamed in one tab");
    const renamedThere = otherNav.row(otherNav.historyList, "Renamed in one tab");
    await expectVisible(renamedThere, "the renamed conversation in the other tab");

    await nav.chooseOption(nav.row(nav.historyList, "Renamed in one tab"), "Archive");
    await expect.poll(() => renamedThere.count()).toBe(0);
    await otherNav.archivedTab.click();
    const archivedThere = otherNav.row(otherNav.archivedList, "Renamed in one tab");
    await expectVisible(archivedThere, "the conversation archived in the other tab");

    await nav.archivedTab.click();
    await nav.chooseOption(nav.row(nav.archivedList, "Renamed in one tab"), "Delete");
    await page.getByRole("dialog", { name: "Delete chat?" }).getByRole("button", { name: "Delete" }).click();
    await expect.poll(() => archivedThere.count()).toBe(0);
  });

  it("keeps the partial answer, marked 'Stopped', when the user stops it, also after a reload", async () => {
    model().enqueue({ tokens: words("w", 60), delayMs: 100 });
    const { page, chat } = await openChat();
    const abortedBefore = model().abortedCount();

    await chat.ask("Count slowly to sixty");
    await chat.intermediateAnswerText(0, "w3", "w60");
    await chat.stopButton.click();

    expect(await chat.waitForAnswerEnd(0)).toBe("Aborted");
    await expectVisible(chat.stoppedMark(chat.answer(0)), "the 'Stopped' mark");
    await expectVisible(chat.sendButton, "the Send button, back after Stop");
    const stoppedText = (await chat.answer(0).textContent()) ?? "";
    expect(stoppedText).toContain("w1 w2 w3");
    expect(stoppedText).not.toContain("w60");
    // The server gave up the model's stream too.
    await expect.poll(() => model().abortedCount(), { timeout: 5000 }).toBeGreaterThan(abortedBefore);
    await waitForSettled(page);
    await app.screenshot(page, "chat-stopped");

    expect(new URL(page.url()).searchParams.get("c")).toBeTruthy();
    await page.reload();
    await expectVisible(chat.stoppedMark(chat.answer(0)), "the 'Stopped' mark after a reload");
    const reloadedText = (await chat.answer(0).textContent()) ?? "";
    expect(reloadedText).toContain("w1 w2 w3");
    expect(reloadedText).not.toContain("w60");
    // The stored answer keeps at least what was shown; it may hold a token or two more that reached the
    // server after the user stopped (the answer on screen is not replaced by the stored one: see the report).
    expect(reloadedText.replace(/Stopped$/, "")).toContain(stoppedText.replace(/Stopped$/, ""));
  });

  it("goes on answering across a reload of the page: the reloaded page shows the answer growing to its end", async () => {
    model().enqueue({ tokens: words("r", 40), delayMs: 100 }, { tokens: ["Reloaded"] });
    const { page, chat } = await openChat();
    const abortedBefore = model().abortedCount();

    await chat.ask("Count slowly to forty");
    await chat.intermediateAnswerText(0, "r3", "r40");
    await expectVisible(chat.answer(0).getByText("Generating the answer"), "the answer's status line");
    await page.reload();
    // Still streaming on the reloaded page, with its status line, then complete: nothing was lost or stopped by the reload.
    await chat.intermediateAnswerText(0, "r1 r2 r3", "r40");
    await expectVisible(chat.answer(0).getByText("Generating the answer"), "the answer's status line after the reload");
    expect(await chat.waitForAnswerEnd(0)).toBe("Complete");
    await expectVisible(chat.answer(0).getByText(words("r", 40).join("")), "the whole answer after the reload");
    expect(model().abortedCount()).toBe(abortedBefore);
  });

  it("puts a new question at the top of the view, its answer growing below it until the reader follows the end", async () => {
    // Paragraphs of a few words: the answer grows past the end of the view while it streams.
    const paragraphs = Array.from({ length: 70 }, (_, i) => `${i ? "\n\n" : ""}Line ${i + 1} of the long answer.`);
    model().enqueue({ tokens: ["A short first answer."] }, { tokens: ["Short"] }, { tokens: paragraphs, delayMs: 60 });
    const { page, chat } = await openChat();
    await chat.ask("A first question");
    expect(await chat.waitForAnswerEnd(0)).toBe("Complete");

    await chat.ask("A question with a long answer");
    await chat.intermediateAnswerText(1, "Line 40 ", "Line 70 ");
    const place = () =>
      chat.log.evaluate((log) => {
        const question = log.querySelectorAll("[data-testid='question']")[1]!.getBoundingClientRect();
        return {
          questionTop: question.top - log.getBoundingClientRect().top,
          scrollTop: log.scrollTop,
          endBelowView: log.scrollHeight - log.scrollTop - log.clientHeight,
        };
      });
    const kept = await place();
    // The question sits near the top of the list (its row's padding below the 16 px gap), and the
    // answer has grown past the end of the view without moving it.
    expect(kept.questionTop).toBeGreaterThanOrEqual(0);
    expect(kept.questionTop).toBeLessThan(60);
    expect(kept.endBelowView).toBeGreaterThan(200);
    await chat.intermediateAnswerText(1, "Line 50 ", "Line 70 ");
    expect((await place()).scrollTop).toBe(kept.scrollTop);
    await waitForSettled(page);
    await app.screenshot(page, "chat-new-question-at-top");

    // The way to the end, taken: the view follows the end while the rest streams.
    await page.getByRole("button", { name: "Jump to latest" }).click();
    await chat.intermediateAnswerText(1, "Line 62 ", "Line 70 ");
    expect((await place()).endBelowView).toBeLessThanOrEqual(48);
    expect(await chat.waitForAnswerEnd(1)).toBe("Complete");
    await expect.poll(async () => (await place()).endBelowView).toBeLessThanOrEqual(48);
    await expectVisible(chat.answer(1).getByText("Line 70 of the long answer."), "the end of the answer");
  });

  it("keeps the text the reader scrolled to in its place when the answer they read ends", async () => {
    const paragraphs = Array.from({ length: 60 }, (_, i) => `${i ? "\n\n" : ""}Paragraph ${i + 1} of the answer.`);
    model().enqueue({ tokens: ["A short first answer."] }, { tokens: ["Short"] }, { tokens: paragraphs, delayMs: 100 });
    const { page, chat } = await openChat();
    await chat.ask("A first question");
    expect(await chat.waitForAnswerEnd(0)).toBe("Complete");
    await chat.ask("A question with a long answer");
    await chat.intermediateAnswerText(1, "Paragraph 25 ", "Paragraph 60 ");
    // The reader reads on, a little further down in the answer that grows.
    const box = (await chat.log.boundingBox())!;
    const scrollTop = () => chat.log.evaluate((log) => log.scrollTop);
    const start = await scrollTop();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.wheel(0, 300);
    // The wheel scrolls smoothly: read the place once it has come to rest.
    await expect.poll(scrollTop).toBe(start + 300);
    const topOf = (text: string) =>
      chat.log.evaluate((log, text) => {
        const paragraph = [...log.querySelectorAll("[data-testid='answer'] p")].find((p) => p.textContent === text)!;
        return Math.round(paragraph.getBoundingClientRect().top - log.getBoundingClientRect().top);
      }, text);
    const read = "Paragraph 12 of the answer.";
    const before = await topOf(read);
    expect(await chat.stopButton.count(), "still streaming").toBe(1);
    expect(before, "the paragraph in view").toBeGreaterThan(0);
    expect(before).toBeLessThan(box.height);

    // The stored answer takes the streaming one's place: no line moves (it moved 120 px before).
    expect(await chat.waitForAnswerEnd(1)).toBe("Complete");
    await waitForSettled(page);
    expect(await topOf(read)).toBe(before);
  });

  /** Asks two questions, edits the second and waits for its answer (branch 2/2). */
  async function askAndEditSecond(): Promise<{ page: Page; chat: ChatPage }> {
    model().enqueue(
      { tokens: ["Paris", " is", " the", " capital."] },
      { tokens: ["French", " capital"] },
      { tokens: ["About", " two", " million."] },
      { tokens: ["About", " sixty-eight", " million."] },
    );
    const { page, chat } = await openChat();
    await chat.ask("What is the capital of France?");
    expect(await chat.waitForAnswerEnd(0)).toBe("Complete");
    await chat.ask("How many people live there?");
    await expectVisible(chat.answer(1).getByText("About two million."), "the second answer");
    expect(await chat.waitForAnswerEnd(1)).toBe("Complete");

    await chat.editQuestion(1, "How many people live in France?");

    await expectVisible(chat.answer(1).getByText("About sixty-eight million."), "the answer to the edited question");
    await expectVisible(chat.questions.nth(1).getByText("How many people live in France?"), "the edited question");
    await expectVisible(
      chat.branches(chat.answer(1)).getByText("2/2", { exact: true }),
      "the branch navigation at 2/2",
    );
    return { page, chat };
  }

  /** Where the list is scrolled to and where its questions are in the page (px). */
  const questionPlaces = (chat: ChatPage) =>
    chat.log.evaluate((log) => ({
      scrollTop: log.scrollTop,
      questionTops: [...log.querySelectorAll("[data-testid='question']")].map((q) => q.getBoundingClientRect().top),
    }));

  async function expectOriginalBranch(chat: ChatPage): Promise<void> {
    await expectVisible(
      chat.branches(chat.answer(1)).getByText("1/2", { exact: true }),
      "the branch navigation at 1/2",
    );
    await expectVisible(chat.questions.nth(1).getByText("How many people live there?"), "the original question");
    await expectVisible(chat.answer(1).getByText("About two million."), "the original answer");
    expect(await chat.questions.count()).toBe(2);
    expect(await chat.questions.nth(0).textContent()).toBe("What is the capital of France?");
  }

  it("edits a question into a new branch and, after a reload, switches back to the original", async () => {
    const { page, chat } = await askAndEditSecond();
    await waitForSettled(page);
    await app.screenshot(page, "chat-branches");

    await page.reload();
    await expectVisible(chat.branches(chat.answer(1)).getByText("2/2", { exact: true }), "2/2 after the reload");
    await app.screenshot(page, "chat-branches-reloaded");
    await chat.previousBranch(chat.answer(1)).click();

    await expectOriginalBranch(chat);
  });

  it("shows an answer's execution details with its trace logs in the drawer", async () => {
    model().enqueue({ tokens: ["Traced", " answer."] }, { tokens: ["Traced"] });
    const { page, chat } = await openChat();
    await chat.ask("How was this answered?");
    expect(await chat.waitForAnswerEnd(0)).toBe("Complete");

    await chat.answer(0).getByRole("button", { name: "Details" }).click();
    // The engine by its connection's name (OPENAI_BASE_URL seeds "OpenAI-compatible server"), not its id.
    await expectVisible(page.getByText("OpenAI-compatible server", { exact: true }), "the language engine's name");
    const trace = page.getByRole("region", { name: "Trace logs" });
    for (const message of [
      "Request sent to the model provider",
      "First token of the answer received",
      "Answer complete",
    ])
      await expectVisible(trace.getByText(message, { exact: true }), `the trace entry '${message}'`);
    // Offsets from the request's arrival, in order.
    const offsets = await trace.locator("time").allTextContents();
    expect(offsets[0]).toBe("+0 ms");
    await waitForSettled(page);
    await app.screenshot(page, "chat-execution-details");
  });

  it("lays out a wide table on a phone: its short cells on one line, the table scrolling sideways", async () => {
    const table = [
      "| Algorithm | Best | Average | Worst | Stable | Notes |",
      "|---|---|---|---|---|---|",
      "| Merge sort | n log n | n log n | n log n | yes | used by the TimSort hybrid of most engines |",
      "| Quick sort | n log n | n log n | n² | no | fast in practice |",
    ].join("\n");
    model().enqueue({ tokens: table.match(/[^]{1,12}/g)! }, { tokens: ["Sorting"] });
    const { page, chat } = await openChat();
    await page.setViewportSize({ width: 390, height: 844 });
    await chat.ask("Compare sorting algorithms");
    expect(await chat.waitForAnswerEnd(0)).toBe("Complete");

    // A cell is as tall as its row: the lines of its text are counted instead.
    const cells = chat.answer(0).locator("td");
    for (const text of ["Merge sort", "n log n", "n²", "fast in practice"]) {
      const lines = await cells
        .filter({ hasText: text })
        .first()
        .evaluate((cell) => {
          const range = document.createRange();
          range.selectNodeContents(cell);
          return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
        });
      expect(lines, `the lines of the cell '${text}'`).toBe(1);
    }
    const scroller = chat.answer(0).locator(".table-wrap");
    const { scrollWidth, clientWidth } = await scroller.evaluate((wrap) => ({
      scrollWidth: wrap.scrollWidth,
      clientWidth: wrap.clientWidth,
    }));
    expect(scrollWidth).toBeGreaterThan(clientWidth);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
    await app.screenshot(page, "chat-table-phone");
  });

  it("takes a footnote's reference to its note below a long answer, and back", async () => {
    const filler = Array.from({ length: 30 }, (_, i) => `Paragraph ${i + 1} of an answer long enough to scroll.`);
    const text = ["Water boils at 100 °C at sea level.[^1]", ...filler, "[^1]: At standard pressure, 101.325 kPa."];
    model().enqueue({ tokens: text.join("\n\n").split(/(?<= )/), delayMs: 2 }, { tokens: ["Boiling"] });
    const { chat } = await openChat();
    await chat.ask("When does water boil?");
    expect(await chat.waitForAnswerEnd(0)).toBe("Complete");

    const note = chat.answer(0).getByText("At standard pressure, 101.325 kPa.");
    const reference = chat.answer(0).locator("a[data-footnote-ref]");
    await reference.click();
    await expect.poll(() => note.evaluate((el) => el.getBoundingClientRect().bottom < innerHeight)).toBe(true);
    // The section's heading is for screen readers: the note shows under a rule, in small print.
    expect(await chat.answer(0).getByRole("heading", { name: "Footnotes" }).boundingBox()).toMatchObject({ height: 1 });
    await chat.answer(0).getByRole("link", { name: "Back to reference 1" }).click();
    await expect.poll(() => reference.evaluate((el) => el.getBoundingClientRect().top > 0)).toBe(true);
    await expect.poll(() => reference.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it("streams markdown without ever showing its markers, the page's first formula typeset when it appears", async () => {
    const answer = [
      "## Plan",
      "",
      "1. **Install** it with `npm i foo` ($5 a month).",
      "2. Read [the guide](https://example.com/guide) and the ~~old~~ new notes.",
      "",
      "- [ ] open task",
      "- [x] done task",
      "",
      "The sum is $\\sum_{i=1}^{n} i = \\frac{n(n+1)}{2}$ for every *n*.",
      "",
      "| Name | Value |",
      "|---|---|",
      "| **a** | `1` |",
    ].join("\n");
    // Pieces of one to four characters, as a model's tokens cut markup anywhere. KaTeX starts loading at
    // the first dollar, the price's here, as it would at the formula's (which then leaves it less time).
    const pieces = answer.match(/[^]{1,4}/g)!.flatMap((piece, i) => (i % 2 ? [piece] : [...piece]));
    model().enqueue({ tokens: pieces, delayMs: 20 }, { tokens: ["Plan"] });
    const { page, chat } = await openChat();
    // Every frame, the answer's text as shown (its status line left out) and whether a formula showed as TeX.
    await page.evaluate(() => {
      const seen = { texts: [] as string[], texSource: false };
      (window as unknown as { seen: typeof seen }).seen = seen;
      const sample = () => {
        const shown = document.querySelector("[data-testid='answer'] .chat-markdown");
        if (shown) {
          seen.texts.push(shown.textContent!.replace(/\s+/g, ""));
          seen.texSource ||= shown.querySelector(".math-source") !== null;
        }
        requestAnimationFrame(sample);
      };
      requestAnimationFrame(sample);
    });
    await chat.ask("Make a plan");
    expect(await chat.waitForAnswerEnd(0)).toBe("Complete");
    const seen = await page.evaluate(
      () => (window as unknown as { seen: { texts: string[]; texSource: boolean } }).seen,
    );

    expect(new Set(seen.texts).size, "distinct frames").toBeGreaterThan(20);
    expect(seen.texSource, "a formula shown as TeX").toBe(false);
    for (const [index, text] of seen.texts.entries()) {
      expect(text, "a marker shown").not.toMatch(/\*\*|~~|\]\(|`|\$(?!5)|\||^#|\[[ x]\]/);
      if (index > 0) expect(text.startsWith(seen.texts[index - 1]!), `frame ${index} only grows`).toBe(true);
    }
    const answerBlock = chat.answer(0);
    await expectVisible(answerBlock.locator(".math-inline .katex"), "the typeset formula");
    expect(
      await answerBlock
        .locator("li.task-list-item")
        .evaluateAll((items) => items.map((item) => getComputedStyle(item).listStyleType)),
    ).toEqual(["none", "none"]);
    await app.screenshot(page, "chat-streamed-markdown");
  });

  it("gives a question that runs over a line the message box's whole width on a phone, its buttons below it", async () => {
    const { page } = await openChat();
    await page.setViewportSize({ width: 390, height: 844 });
    await expectQuestionToTakeTheWholeRowOnceItWraps(
      page.getByRole("textbox", { name: "Message" }),
      page.getByRole("button", { name: "Send" }),
    );
  });

  it("opens the saved prompts above the message box, undoes a deletion and picks a prompt into the message", async () => {
    const { page, chat } = await openChat();
    // All tests share one user: a title of its own keeps a retry from finding this one's prompt.
    const title = `Summarise ${Date.now().toString(36)}`;
    const promptsButton = page.getByRole("button", { name: "User prompts" });
    await promptsButton.click();
    await page.getByRole("button", { name: "New prompt" }).click();
    await page.getByRole("textbox", { name: "Title" }).fill(title);
    await page.getByRole("textbox", { name: "Prompt" }).fill("Summarise this in three bullets.");
    await page.getByRole("button", { name: "Save" }).click();
    const list = page.getByRole("list", { name: "Your prompts" });
    await expectVisible(list.getByText(title, { exact: true }), "the saved prompt");

    // Opened afresh, it is placed while its prompts load, then grows: its bottom stays above the button.
    await page.reload();
    const anchor = (await promptsButton.boundingBox())!;
    await promptsButton.click();
    await expectVisible(list.getByText(title, { exact: true }), "the saved prompt after a reload");
    await waitForSettled(page);
    const popover = (await page.locator(".MuiPopover-paper").boundingBox())!;
    expect(popover.y + popover.height).toBeLessThanOrEqual(anchor.y);

    await list.getByRole("button", { name: `Delete ${title}` }).click();
    await expectVisible(list.getByText(`“${title}” deleted`), "the deleted prompt's row");
    const focused = () =>
      page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? document.activeElement?.textContent);
    await expect.poll(focused).toBe(`Undo deleting ${title}`);
    await page.keyboard.press("Enter");
    await expect.poll(focused).toBe(`${title}Summarise this in three bullets.`);
    await page.keyboard.press("Enter");
    expect(await chat.composer.inputValue()).toBe("Summarise this in three bullets.");
  });

  // The tab that streamed the edit still holds that finished answer; selecting a branch must drop it.
  // The edited turn sits at the top of the view with room below it: the original version keeps that
  // room, so nothing moves (the list shrank without it, and the view fell by ~190 px under the pointer).
  it("switches back to the original branch in the tab that made the edit, the questions staying in place", async () => {
    const { page, chat } = await askAndEditSecond();
    await waitForSettled(page);
    const before = await questionPlaces(chat);
    await chat.previousBranch(chat.answer(1)).click();
    await expectOriginalBranch(chat);
    await waitForSettled(page);
    expect(await questionPlaces(chat)).toEqual(before);
  });

  // Opened anew, a conversation that fits in its view is not scrolled, and the list's virtualizer
  // took its first place (the end) for the real one: the taller version's row, measured, scrolled
  // the list to its end. Nor may the focus, on the new version's switcher, take the view there.
  it("switches to a taller version of an answer after a reload without scrolling the conversation", async () => {
    const paragraphs = Array.from({ length: 30 }, (_, i) => `${i ? "\n\n" : ""}Region ${i + 1} of France.`);
    model().enqueue(
      { tokens: ["Paris", " is", " the", " capital."] },
      { tokens: ["French", " capital"] },
      { tokens: ["About", " two", " million."] },
      { tokens: paragraphs },
    );
    const { page, chat } = await openChat();
    await page.setViewportSize({ width: 1440, height: 900 });
    await chat.ask("What is the capital of France?");
    expect(await chat.waitForAnswerEnd(0)).toBe("Complete");
    await chat.ask("How many people live there?");
    expect(await chat.waitForAnswerEnd(1)).toBe("Complete");
    await chat.editQuestion(1, "How many people live in each region of France?");
    await expectVisible(chat.answer(1).getByText("Region 30 of France."), "the long answer to the edited question");
    await chat.previousBranch(chat.answer(1)).click();
    await expectVisible(chat.answer(1).getByText("About two million."), "the original, short answer");

    await page.reload();
    await expectVisible(chat.branches(chat.answer(1)).getByText("1/2", { exact: true }), "1/2 after the reload");
    await waitForSettled(page);
    const before = await questionPlaces(chat);
    expect(before.scrollTop).toBe(0);
    await chat.branches(chat.answer(1)).getByRole("button", { name: "Next version" }).click();
    await expectVisible(chat.answer(1).getByText("Region 1 of France."), "the taller version");
    await waitForSettled(page);
    expect(await questionPlaces(chat)).toEqual(before);
  });
});
