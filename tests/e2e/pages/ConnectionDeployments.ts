import type { Locator, Page } from "playwright-core";

/** The Deployments section of a connection's edit page (/admin/connection/{id}/edit). */
export class ConnectionDeployments {
  readonly list: Locator;
  readonly addButton: Locator;

  constructor(readonly page: Page) {
    this.list = page.getByRole("list", { name: "Deployments" });
    this.addButton = page.getByRole("button", { name: "Add deployment" });
  }

  /** Fills the add form (the deployment schema's fields) and adds it. */
  async add(deploymentName: string, displayName: string): Promise<void> {
    await this.page.getByRole("textbox", { name: /^Deployment or model name( \*)?$/ }).fill(deploymentName);
    await this.page.getByRole("textbox", { name: "Display name" }).fill(displayName);
    await this.addButton.click();
  }

  item(name: string): Locator {
    return this.list.getByRole("listitem").filter({ hasText: name });
  }
}
