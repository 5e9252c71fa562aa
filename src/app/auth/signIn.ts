import { generateProductToken } from "../api/client";
import { authActions } from "./authStore";
import type { TokenArgs } from "./authTypes";

/** Exchanges an identity-provider sign-in for the product token and keeps both (args in memory only). */
export async function signIn(args: TokenArgs): Promise<void> {
  const token = await generateProductToken(args);
  authActions.setToken(token, args);
}
