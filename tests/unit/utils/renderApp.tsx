import { render } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { AppProviders } from "../../../src/app/AppProviders";
import { authActions } from "../../../src/app/auth/authStore";
import { createQueryClient } from "../../../src/app/queryClient";
import { routes } from "../../../src/app/routes/routes";
import { makeToken } from "./token";

/** Renders the real route table in a memory router with the real providers. */
export function renderApp(initialPath: string) {
  const router = createMemoryRouter(routes, { initialEntries: [initialPath] });
  const queryClient = createQueryClient();
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient };
}

/** Puts a signed-in local user in the auth state, as a completed login leaves it. */
export function signInForTest(claims: Record<string, unknown> = {}): string {
  const token = makeToken(claims);
  authActions.setToken(token, {
    identityProvider: "local",
    iGenerateTokenRequest: { userName: "ada", password: "secret" },
  });
  return token;
}
