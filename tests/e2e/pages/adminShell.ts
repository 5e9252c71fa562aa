import type { Locator, Page } from "playwright-core";

/** The admin layout (/admin): its side navigation and the page heading. */
export class AdminShell {
  readonly navigation: Locator;

  constructor(readonly page: Page) {
    this.navigation = page.getByRole("navigation", { name: "Admin navigation" });
  }

  async goto(path: string): Promise<void> {
    await this.page.goto(path);
    await this.navigation.waitFor();
  }

  /** The navigation's item titles, in order (its links' names). */
  async menuItems(): Promise<string[]> {
    await this.navigation.getByRole("link").first().waitFor();
    return (await this.navigation.getByRole("link").allInnerTexts()).map((text) => text.trim());
  }

  /** Opens a page through its navigation item. */
  async openFromMenu(title: string): Promise<void> {
    await this.navigation.getByRole("link", { name: title, exact: true }).click();
  }

  heading(name: string): Locator {
    return this.page.getByRole("heading", { level: 1, name, exact: true });
  }
}
