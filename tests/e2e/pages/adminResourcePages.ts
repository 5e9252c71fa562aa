import type { Locator, Page } from "playwright-core";

/** A registry list page (/admin/<path>): its Create button, rows and filters. */
export class AdminListPage {
  readonly createButton: Locator;
  readonly table: Locator;

  constructor(readonly page: Page) {
    this.createButton = page.getByRole("link", { name: "Create", exact: true });
    this.table = page.getByRole("table");
  }

  async goto(path: string): Promise<void> {
    await this.page.goto(path);
    await this.page.getByRole("heading", { level: 1 }).waitFor();
  }

  /** The body row holding `text` in one of its cells. */
  row(text: string): Locator {
    return this.table.getByRole("row").filter({ has: this.page.getByRole("cell", { name: text, exact: true }) });
  }

  /** A filter select above the list (one per enum filter the registry declares). */
  async filter(label: string, value: string): Promise<void> {
    await this.page.getByRole("combobox", { name: label }).click();
    await this.page.getByRole("option", { name: value, exact: true }).click();
  }

  /** The text of every body row, cell texts joined by " | ". */
  async rowTexts(): Promise<string[]> {
    const rows = this.table.locator("tbody tr");
    const count = await rows.count();
    const texts: string[] = [];
    for (let index = 0; index < count; index++) {
      texts.push(
        (await rows.nth(index).locator("td").allInnerTexts())
          .map((cell) => cell.trim())
          .filter(Boolean)
          .join(" | "),
      );
    }
    return texts;
  }
}

/** A registry create or edit form (rjsf) with Save and, when editing, Delete. */
export class AdminFormPage {
  readonly saveButton: Locator;
  readonly deleteButton: Locator;
  readonly errorAlert: Locator;

  constructor(readonly page: Page) {
    this.saveButton = page.getByRole("button", { name: "Save", exact: true });
    this.deleteButton = page.getByRole("button", { name: "Delete", exact: true });
    this.errorAlert = page.getByRole("alert");
  }

  /** A text field by its label (a required field's label carries " *"). */
  textField(label: string): Locator {
    return this.page.getByRole("textbox", { name: new RegExp(`^${escape(label)}( \\*)?$`) });
  }

  async fill(label: string, value: string): Promise<void> {
    await this.textField(label).fill(value);
  }

  /** A password-type field (secrets), which has no textbox role. */
  async fillSecret(label: string, value: string): Promise<void> {
    await this.page.getByLabel(label, { exact: true }).fill(value);
  }

  async check(label: string): Promise<void> {
    await this.page.getByRole("checkbox", { name: label, exact: true }).check();
  }

  /** An enum select (MUI): opens it and picks the option. */
  async select(label: string, option: string): Promise<void> {
    await this.page.getByRole("combobox", { name: new RegExp(`^${escape(label)}( \\*)?$`) }).click();
    await this.page.getByRole("option", { name: option, exact: true }).click();
  }

  /** A reference picker (autocomplete): types the option's name and picks it. */
  async pick(label: string, option: string): Promise<void> {
    const input = this.page.getByRole("combobox", { name: new RegExp(`^${escape(label)}( \\*)?$`) });
    await input.click();
    await input.fill(option);
    await this.page.getByRole("option", { name: option, exact: true }).click();
  }

  /** An image field's upload: the file goes in its hidden file input. */
  async upload(label: string, file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
    await this.page.getByRole("group", { name: label, exact: true }).locator('input[type="file"]').setInputFiles(file);
  }

  imagePreview(label: string): Locator {
    return this.page.getByRole("img", { name: `${label} preview`, exact: true });
  }

  /** A message under a field (rjsf shows server field errors there). */
  fieldError(text: string): Locator {
    return this.page.getByText(text, { exact: true });
  }

  async save(): Promise<void> {
    await this.saveButton.click();
  }

  /** Delete, then Confirm in react-admin's confirmation dialog. */
  async deleteRecord(): Promise<void> {
    await this.deleteButton.click();
    await this.page.getByRole("dialog").getByRole("button", { name: "Confirm", exact: true }).click();
  }
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
