import type { Locator, Page } from "playwright-core";

/** The conversation pane: the message log, the composer with Send / Stop, questions, answers and their branches. */
export class ChatPage {
  readonly log: Locator;
  readonly composer: Locator;
  readonly sendButton: Locator;
  readonly stopButton: Locator;
  readonly answers: Locator;
  readonly questions: Locator;

  constructor(readonly page: Page) {
    this.log = page.getByRole("log", { name: "Conversation" });
    this.composer = page.getByRole("textbox", { name: "Message" });
    this.sendButton = page.getByRole("button", { name: "Send", exact: true });
    this.stopButton = page.getByRole("button", { name: "Stop", exact: true });
    // No role tells a question from an answer: the product marks them with test ids.
    this.answers = this.log.getByTestId("answer");
    this.questions = this.log.getByTestId("question");
  }

  async ask(question: string): Promise<void> {
    await this.composer.fill(question);
    // Send stays disabled while an attached file is still uploading; Enter then does nothing, as for a user.
    await this.sendButton.and(this.page.locator(":enabled")).waitFor();
    await this.composer.press("Enter");
  }

  answer(index: number): Locator {
    return this.answers.nth(index);
  }

  /** Waits until answer `index` is no longer streaming and returns its status (Complete, Aborted, Failed). */
  async waitForAnswerEnd(index: number): Promise<string> {
    // The stream's end (Send back where Stop was), the answer's status and its actions, read in the
    // same instant: a new chat's answer, shown from the server for a moment before the page follows it
    // live, reads Complete while its stream has just begun, and Send is still there just after Enter.
    // The actions (Copy answer first) come with the stored answer, which replaces the live one's
    // elements once the stream has ended: what a test reads then stays on the page.
    const status = await this.page.waitForFunction(
      (index) => {
        const button = (name: string, within: ParentNode = document) =>
          within.querySelector(`button[aria-label='${name}']`);
        const answer = document.querySelectorAll("[data-testid='message-list'] [data-testid='answer']")[index];
        const status = answer?.getAttribute("data-status");
        const ended = button("Send") && !button("Stop") && status && status !== "Streaming";
        return ended && button("Copy answer", answer) ? status : false;
      },
      index,
      { polling: "raf" },
    );
    return (await status.jsonValue()) as string;
  }

  /**
   * Polls answer `index` in the page (every animation frame) until its text contains `partial`
   * but not `last`, and returns that text: proof that the answer was shown before it was complete.
   */
  async intermediateAnswerText(index: number, partial: string, last: string): Promise<string> {
    const handle = await this.page.waitForFunction(
      ({ index, partial, last }) => {
        const answer = document.querySelectorAll("[data-testid='message-list'] [data-testid='answer']")[index];
        const text = answer?.textContent ?? "";
        return text.includes(partial) && !text.includes(last) ? text : false;
      },
      { index, partial, last },
      { polling: "raf" },
    );
    return (await handle.jsonValue()) as string;
  }

  /** The 'Stopped' mark of an answer the user stopped. */
  stoppedMark(answer: Locator): Locator {
    return answer.getByText("Stopped", { exact: true });
  }

  /** Opens the inline editor of question `index` and sends `text` as a new version. */
  async editQuestion(index: number, text: string): Promise<void> {
    const question = this.questions.nth(index);
    await question.hover();
    // The edit button sits next to the bubble, inside the same row.
    await question.locator("..").getByRole("button", { name: "Edit question" }).click();
    const editor = this.page.getByRole("textbox", { name: "Edit question" });
    await editor.fill(text);
    await editor.press("Enter");
  }

  /** The "< 2/3 >" group of an answer. */
  branches(answer: Locator): Locator {
    return answer.getByRole("group", { name: "Versions of this message" });
  }

  previousBranch(answer: Locator): Locator {
    return this.branches(answer).getByRole("button", { name: "Previous version" });
  }
}
