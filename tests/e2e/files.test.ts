/**
 * Files in the chat against the real server, whose 'Assistant' agent is bound to
 * a fake Anthropic model (a model that can see): a PDF attached in the composer
 * is indexed, its passage reaches the model, and the answer cites it with its
 * page; the citation opens the source. An image dropped on the conversation
 * shows as a thumbnail in the composer and then in the question, also after a reload.
 */
import type { Download, Page } from "playwright-core";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { makePdf } from "../helpers/fileFixtures.ts";
import { axeViolations, formatViolations } from "../support/axe.ts";
import { setUpE2eAppWithModel, signInToChat } from "./fakeModelApp.ts";
import { expectVisible, waitForSettled } from "./harness.ts";
import type { ChatPage } from "./pages/ChatPage.ts";
import { ComposerFiles, type FilePayload } from "./pages/composerFiles.ts";

const { app, model } = setUpE2eAppWithModel({
  serverEnv: (fake) => ({
    ANTHROPIC_API_KEY: "sk-ant-test",
    ANTHROPIC_BASE_URL: fake.anthropicBaseUrl,
    ANTHROPIC_MODEL: "fake-claude",
    // Indexing of a question's own upload is awaited; keep a slow machine from racing it.
    INDEXING_WAIT_MS: "30000",
  }),
});

/** A 640×400 picture (a sunset gradient), so the screenshots show something recognisable. */
async function sunset(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="400">
    <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#1e3a8a"/><stop offset="0.6" stop-color="#f97316"/><stop offset="1" stop-color="#fde68a"/>
    </linearGradient></defs>
    <rect width="640" height="400" fill="url(#sky)"/><circle cx="320" cy="300" r="70" fill="#fef3c7"/>
    <rect y="320" width="640" height="80" fill="#0f172a"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

const launchPlan = (): FilePayload => ({
  name: "launch-plan.pdf",
  mimeType: "application/pdf",
  buffer: makePdf([
    ["Project Aurora", "An overview of the programme and its people."],
    ["Budget", "The budget for the first year is four million euros."],
    ["Launch", "The launch code is AURORA-7 and it is kept in the vault."],
  ]),
});

async function openChat(): Promise<{ page: Page; chat: ChatPage; files: ComposerFiles }> {
  const { page, chat } = await signInToChat(app);
  return { page, chat, files: new ComposerFiles(page) };
}

describe("files in the chat", () => {
  it("attaches a PDF, answers with a citation of its page, and opens the cited source", async () => {
    const { page, chat, files } = await openChat();
    await files.attach(launchPlan());
    const chip = files.chip("launch-plan.pdf");
    await expectVisible(chip, "the PDF's chip");
    // Indexed in the background: the chip follows it to Ready.
    await expectVisible(chip.getByText(/Ready$/), "the PDF indexed (Ready)");

    model().enqueue({ tokens: ["The launch code", " is AURORA-7", " [1]."] }, { tokens: ["Launch code"] });
    const before = model().requests.length;
    await chat.ask("What is the launch code?");

    expect(await chat.waitForAnswerEnd(0)).toBe("Complete");
    const answer = chat.answer(0);
    await expectVisible(answer.getByText("The launch code is AURORA-7 [1]."), "the answer with its marker");
    // The retrieved passage went to the model.
    const sent = JSON.stringify(model().requests[before]?.body ?? {});
    expect(sent).toContain("The launch code is AURORA-7 and it is kept in the vault.");
    expect(sent).toContain("launch-plan.pdf, page 3");

    const sources = answer.getByRole("region", { name: "Sources" });
    const citation = sources.getByRole("button", { name: /^1\s*launch-plan\.pdf\s*page 3$/ });
    await expectVisible(citation, "the citation");
    await expectVisible(citation.getByText("page 3", { exact: true }), "the cited page");
    await expectVisible(citation.getByText(/The launch code is AURORA-7/), "the cited snippet");
    // The question keeps its file.
    await expectVisible(
      files.questionFiles(0).getByRole("group", { name: "launch-plan.pdf" }),
      "the question's PDF chip",
    );

    // The [1] marker leads to the citation.
    await answer.getByRole("link", { name: "[1]" }).click();
    await expect.poll(() => citation.evaluate((element) => element === document.activeElement)).toBe(true);
    await waitForSettled(page);
    await app.screenshot(page, "files-answer-with-citation");
    const violations = await axeViolations(page);
    expect(violations.length, `axe violations with citations:\n${formatViolations(violations)}`).toBe(0);

    // Opening the source: a new tab with the PDF at its page, or a download where the browser has no viewer.
    const opened = await Promise.race([
      page
        .context()
        .waitForEvent("page")
        .then((tab) => ({ kind: "tab" as const, tab })),
      page.waitForEvent("download").then((download: Download) => ({ kind: "download" as const, download })),
      citation.click().then(() => new Promise<never>(() => undefined)),
    ]);
    if (opened.kind === "tab") {
      expect(opened.tab.url()).toMatch(/^blob:http:\/\/127\.0\.0\.1:\d+\/[0-9a-f-]+#page=3$/);
    } else {
      expect(opened.download.suggestedFilename()).toBe("launch-plan.pdf");
    }
  });

  it("shows an image dropped on the conversation as a thumbnail in the composer and then in the question", async () => {
    const { page, chat, files } = await openChat();
    const photo: FilePayload = { name: "harbour.png", mimeType: "image/png", buffer: await sunset() };
    await files.drop(photo);
    await files.attach({ ...launchPlan(), name: "briefing.pdf" });

    const thumbnail = files.thumbnail("harbour.png");
    await expectVisible(thumbnail, "the image's thumbnail in the composer");
    await expect.poll(() => thumbnail.getAttribute("data-status")).toBe("ready");
    await expectVisible(files.chip("briefing.pdf").getByText(/Ready$/), "the PDF chip (Ready)");
    await page.mouse.move(640, 200); // No tooltip in the screenshot.
    await chat.composer.fill("What is in this picture?");
    await waitForSettled(page);
    await app.screenshot(page, "files-composer");
    const violations = await axeViolations(page);
    expect(violations.length, `axe violations with files in the composer:\n${formatViolations(violations)}`).toBe(0);

    model().enqueue({ tokens: ["A harbour", " at dusk."] }, { tokens: ["Harbour"] });
    const before = model().requests.length;
    await chat.ask("What is in this picture?");
    expect(await chat.waitForAnswerEnd(0)).toBe("Complete");
    // The model was sent the image.
    expect(JSON.stringify(model().requests[before]?.body ?? {})).toContain('"type":"image"');

    const questionImage = files.questionFiles(0).getByRole("img", { name: "Image 1" });
    await expectVisible(questionImage, "the image in the question");
    expect(await questionImage.getAttribute("src")).toMatch(/^data:image\/webp;base64,/);
    await expect.poll(() => questionImage.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

    await page.reload();
    await expectVisible(files.questionFiles(0).getByRole("img", { name: "Image 1" }), "the image after a reload");
    await expectVisible(
      files.questionFiles(0).getByRole("group", { name: "briefing.pdf" }),
      "the PDF chip after a reload",
    );

    // Opened, the image is at most 400 px high (spec §9).
    await files.questionFiles(0).getByRole("button", { name: "Open image 1" }).click();
    const preview = page.getByRole("dialog", { name: "Image 1" }).getByTestId("image-preview");
    await expectVisible(preview, "the opened image");
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(640);
    const box = await preview.boundingBox();
    expect(box?.height).toBeLessThanOrEqual(400);
    await waitForSettled(page);
    await app.screenshot(page, "files-question-image");
  });

  it("refuses a file it cannot read before uploading it", async () => {
    const { files } = await openChat();
    await files.drop({ name: "setup.exe", mimeType: "application/x-msdownload", buffer: Buffer.from("MZ") });
    await expectVisible(
      files.alerts.getByText(
        "setup.exe can't be attached: only PDF, Word (DOCX), text, Markdown, HTML, CSV and JSON files and PNG, JPEG, WebP or GIF images are accepted.",
      ),
      "the refusal",
    );
  });
});
