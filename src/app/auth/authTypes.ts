import type { components } from "../../generated/api";

export type UserDetails = components["schemas"]["UserDetails"];
export type InstanceSettings = components["schemas"]["InstanceSettings"];
export type IdentityProvider = components["schemas"]["IdentityProvider"];
export type GenerateTokenRequest = components["schemas"]["GenerateTokenRequest"];
export type Action = components["schemas"]["Action"];

/** Spec §3: what GenerateToken was last called with, kept in memory only (it may hold a password). */
export interface TokenArgs {
  identityProvider: IdentityProvider;
  iGenerateTokenRequest: GenerateTokenRequest;
}

export interface Account {
  name: string;
  userName: string;
}

/** An identity-provider (cloud) group, spec §3 "Other entities". */
export interface CloudGroup {
  id: string;
  displayName: string;
  description: string;
}

/** Spec §3 displaySettings. */
export interface DisplaySettings {
  showChatExecutionDetailsDrawer: boolean;
  useLatestChatSegmentForExecutionDetailsDrawer: boolean;
}

/** Spec §3 "Auth state (client)". */
export interface AuthState {
  user: UserDetails | null;
  displaySettings: DisplaySettings;
  error: string | null;
  n1aiToken: string | null;
  n1aiTokenArgs: TokenArgs | null;
  account: Account | null;
  instanceSettings: InstanceSettings | null;
  pathToVisitAfterLogin: string | null;
  groups: CloudGroup[];
  healthCheckIssue: boolean;
  /** Set by an explicit logout so that the login redirect does not remember the page just left. */
  signedOut: boolean;
  /**
   * The user the page last signed in (the token's sub), kept across a forced sign-out: another user
   * signing in then starts afresh (userDataReset.ts), without the remembered page of the one before.
   */
  lastUserId: string | null;
}
