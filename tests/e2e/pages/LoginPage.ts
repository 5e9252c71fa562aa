import type { Locator, Page } from "playwright-core";

/** The local sign-in page, /auth/jwt/login: user name, password and the "Sign in" button. */
export class LoginPage {
  static readonly path = "/auth/jwt/login";
  readonly userName: Locator;
  readonly password: Locator;
  readonly signInButton: Locator;

  constructor(readonly page: Page) {
    this.userName = page.getByLabel("User name");
    // Exact, so that a "Show password" toggle labelled after the field does not match too.
    this.password = page.getByLabel("Password", { exact: true });
    // Exact, so that an identity provider's "Sign in with …" button does not match too.
    this.signInButton = page.getByRole("button", { name: "Sign in", exact: true });
  }

  async goto(): Promise<void> {
    await this.page.goto(LoginPage.path);
    await this.waitUntilShown();
  }

  /** Waits until the browser is on the login page and the form is usable. */
  async waitUntilShown(): Promise<void> {
    await this.page.waitForURL((url) => url.pathname === LoginPage.path);
    await this.signInButton.waitFor();
  }

  async signIn(userName: string, password: string): Promise<void> {
    await this.userName.fill(userName);
    await this.password.fill(password);
    await this.signInButton.click();
  }

  /** A message shown on the page, such as the server's reason for refusing the sign-in. */
  message(text: string): Locator {
    return this.page.getByText(text, { exact: true });
  }
}
