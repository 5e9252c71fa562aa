import { describe, expect, it } from "vitest";
import { AUTH_STORAGE_KEY, authActions, authStore, selectIsAuthenticated } from "../../../../src/app/auth/authStore";
import { decodeTokenClaims } from "../../../../src/app/auth/jwt";
import { makeToken } from "../../utils/token";

const stored = () => JSON.parse(window.localStorage.getItem(AUTH_STORAGE_KEY) ?? "{}") as Record<string, unknown>;

describe("auth state", () => {
  it("starts with the spec's display settings", () => {
    expect(authStore.getState().displaySettings).toEqual({
      showChatExecutionDetailsDrawer: false,
      useLatestChatSegmentForExecutionDetailsDrawer: true,
    });
    authActions.setDisplaySetting("showChatExecutionDetailsDrawer", true);
    expect(authStore.getState().displaySettings.showChatExecutionDetailsDrawer).toBe(true);
  });

  it("persists to local storage without the token args (they may hold a password)", () => {
    const token = makeToken();
    authActions.setToken(token, {
      identityProvider: "local",
      iGenerateTokenRequest: { userName: "ada", password: "secret" },
    });
    expect(authStore.getState().n1aiTokenArgs).not.toBeNull();
    expect(stored().n1aiToken).toBe(token);
    expect(stored()).not.toHaveProperty("n1aiTokenArgs");
    expect(JSON.stringify(stored())).not.toContain("secret");
  });

  it("takes the account from the token's name and preferred_username", () => {
    authActions.setToken(makeToken({ name: "Grace Hopper", preferred_username: "grace" }), {
      identityProvider: "local",
      iGenerateTokenRequest: {},
    });
    expect(authStore.getState().account).toEqual({ name: "Grace Hopper", userName: "grace" });
  });

  it("is authenticated only with an unexpired token", () => {
    authStore.setState({ n1aiToken: makeToken({ exp: Math.floor(Date.now() / 1000) - 10 }) });
    expect(selectIsAuthenticated(authStore.getState())).toBe(false);
    authStore.setState({ n1aiToken: makeToken() });
    expect(selectIsAuthenticated(authStore.getState())).toBe(true);
  });

  it("keeps identity-provider groups sorted by displayName when appending", () => {
    authActions.appendGroups([
      { id: "2", displayName: "Marketing", description: "" },
      { id: "1", displayName: "Engineering", description: "" },
    ]);
    authActions.appendGroups([{ id: "3", displayName: "Design", description: "" }]);
    expect(authStore.getState().groups.map((group) => group.displayName)).toEqual([
      "Design",
      "Engineering",
      "Marketing",
    ]);
  });

  it("clears token and account together, and resets everything but the instance settings", () => {
    authActions.setToken(makeToken(), { identityProvider: "local", iGenerateTokenRequest: {} });
    authActions.clearTokenAndAccount();
    expect(authStore.getState()).toMatchObject({ n1aiToken: null, account: null });
    authActions.setPathToVisitAfterLogin("/chat/agents");
    authActions.reset();
    expect(authStore.getState().pathToVisitAfterLogin).toBeNull();
  });

  it("decodes UTF-8 names in the token", () => {
    expect(decodeTokenClaims(makeToken({ name: "Zoë Ångström" }))?.name).toBe("Zoë Ångström");
    expect(decodeTokenClaims("not-a-token")).toBeNull();
  });
});
