import type { Locator, Page } from "playwright-core";

/** The signed-in chat layout: side navigation, 'New Chat' and the account button. */
export class ChatShell {
  readonly navigation: Locator;
  readonly newChatButton: Locator;

  constructor(readonly page: Page) {
    this.navigation = page.getByRole("navigation", { name: "Chat navigation" });
    this.newChatButton = page.getByRole("button", { name: "New Chat" });
  }

  /** The account popover's button, named after the signed-in user's display name. */
  accountButton(displayName: string): Locator {
    return this.page.getByRole("button", { name: displayName });
  }

  async waitUntilShown(): Promise<void> {
    await this.navigation.waitFor();
  }
}
