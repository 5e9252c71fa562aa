import type { Download, Locator, Page } from "playwright-core";

/** The Chats tab of the side navigation: title search, History / Archived and the conversation rows with their options. */
export class ConversationNav {
  readonly navigation: Locator;
  readonly search: Locator;
  readonly historyTab: Locator;
  readonly archivedTab: Locator;
  readonly historyList: Locator;
  readonly archivedList: Locator;

  constructor(readonly page: Page) {
    this.navigation = page.getByRole("navigation", { name: "Chat navigation" });
    this.search = this.navigation.getByRole("searchbox", { name: "Search titles" });
    this.historyTab = this.navigation.getByRole("tab", { name: "History" });
    this.archivedTab = this.navigation.getByRole("tab", { name: "Archived" });
    this.historyList = this.navigation.getByRole("list", { name: "Conversations", exact: true });
    this.archivedList = this.navigation.getByRole("list", { name: "Archived conversations" });
  }

  /** Opens the panel: the navigation starts as the mini rail (spec §3: the mini flag starts true). */
  async expand(): Promise<void> {
    await this.navigation.getByRole("button", { name: "Expand navigation" }).click();
    await this.historyTab.waitFor();
  }

  /** A conversation's row in `list`: the list item holding the title button. */
  row(list: Locator, title: string): Locator {
    return list.getByRole("listitem").filter({ has: this.page.getByRole("button", { name: title, exact: true }) });
  }

  /** A date group's heading in `list`, e.g. 'Today'. */
  groupHeading(list: Locator, label: string): Locator {
    return list.getByRole("heading", { name: label, exact: true });
  }

  message(text: string): Locator {
    return this.navigation.getByText(text, { exact: true });
  }

  /** Opens a row's options menu ('Conversation options') and picks `action` (Rename, Archive, Unarchive, Export, Delete). */
  async chooseOption(row: Locator, action: string): Promise<void> {
    await row.hover();
    await row.getByRole("button", { name: /^Options for / }).click();
    await this.page.getByRole("menu", { name: "Conversation options" }).getByRole("menuitem", { name: action }).click();
  }

  async rename(row: Locator, title: string): Promise<void> {
    await this.chooseOption(row, "Rename");
    const field = this.navigation.getByRole("textbox", { name: "Conversation title" });
    await field.fill(title);
    await field.press("Enter");
  }

  async export(row: Locator): Promise<Download> {
    const download = this.page.waitForEvent("download");
    await this.chooseOption(row, "Export");
    return download;
  }
}
