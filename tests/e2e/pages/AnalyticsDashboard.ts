import type { Download, Locator, Page } from "playwright-core";

/** The admin dashboard (/admin): figure cards, daily charts, the per-agent table and the CSV export. */
export class AnalyticsDashboard {
  readonly perAgentTable: Locator;
  readonly exportButton: Locator;

  constructor(readonly page: Page) {
    this.perAgentTable = page.getByRole("table", { name: "Per agent" });
    this.exportButton = page.getByRole("button", { name: "Export CSV" });
  }

  card(name: string): Locator {
    return this.page.getByRole("list", { name: "Totals for the period" }).getByRole("listitem", { name, exact: true });
  }

  /** A card's figure once loaded (its second line). */
  async figure(name: string): Promise<string> {
    const value = this.card(name).locator("p").nth(1);
    await value.locator(".MuiSkeleton-root").waitFor({ state: "detached" });
    return (await value.innerText()).trim();
  }

  /** Each body row of the per-agent table as its cells' texts. */
  async agentRows(): Promise<string[][]> {
    await this.perAgentTable.locator("tbody tr th").first().waitFor();
    return this.perAgentTable
      .locator("tbody tr")
      .evaluateAll((rows) =>
        rows.map((row) => [...row.querySelectorAll("th, td")].map((cell) => cell.textContent ?? "")),
      );
  }

  async exportCsv(): Promise<Download> {
    const [download] = await Promise.all([this.page.waitForEvent("download"), this.exportButton.click()]);
    return download;
  }
}
