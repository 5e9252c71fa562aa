import type { Locator, Page } from "playwright-core";

export interface FilePayload {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** The composer's files: the attach input, the drop target, thumbnails and chips; and the files shown with a question. */
export class ComposerFiles {
  readonly attachButton: Locator;
  readonly list: Locator;
  readonly alerts: Locator;

  constructor(readonly page: Page) {
    this.attachButton = page.getByRole("button", { name: "Attach files" });
    this.list = page.getByRole("list", { name: "Attached files" });
    this.alerts = page.getByRole("alert");
  }

  /** Picks files through the attach button's file chooser. */
  async attach(...files: FilePayload[]): Promise<void> {
    const [chooser] = await Promise.all([this.page.waitForEvent("filechooser"), this.attachButton.click()]);
    await chooser.setFiles(files);
  }

  /** Drops files on the conversation pane, as a drag from the desktop would. */
  async drop(...files: FilePayload[]): Promise<void> {
    const payload = files.map((f) => ({ name: f.name, mimeType: f.mimeType, base64: f.buffer.toString("base64") }));
    const dataTransfer = await this.page.evaluateHandle((items) => {
      const transfer = new DataTransfer();
      for (const item of items)
        transfer.items.add(
          new File([Uint8Array.from(atob(item.base64), (c) => c.charCodeAt(0))], item.name, { type: item.mimeType }),
        );
      return transfer;
    }, payload);
    const zone = this.page.getByTestId("file-drop-zone");
    await zone.dispatchEvent("dragenter", { dataTransfer });
    await zone.dispatchEvent("dragover", { dataTransfer });
    await zone.dispatchEvent("drop", { dataTransfer });
  }

  /** A document's chip in the composer. */
  chip(name: string): Locator {
    return this.list.getByRole("group", { name, exact: true });
  }

  /** An image's thumbnail in the composer (data-status uploading, ready or failed). */
  thumbnail(name: string): Locator {
    return this.list.getByRole("group", { name, exact: true });
  }

  /** The files shown above question `index`. */
  questionFiles(index: number): Locator {
    return this.page.getByRole("list", { name: "Files of this question" }).nth(index);
  }
}
