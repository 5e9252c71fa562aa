import { readStoredJson, writeStoredJson } from "../store/browserStorage";
import { createStore } from "../store/createStore";
import type {
  Account,
  AuthState,
  CloudGroup,
  DisplaySettings,
  InstanceSettings,
  TokenArgs,
  UserDetails,
} from "./authTypes";
import { decodeTokenClaims, isTokenUsable } from "./jwt";
import { resetUserData } from "./userDataReset";

export const AUTH_STORAGE_KEY = "auth";

export const defaultDisplaySettings: DisplaySettings = {
  showChatExecutionDetailsDrawer: false,
  useLatestChatSegmentForExecutionDetailsDrawer: true,
};

export const initialAuthState: AuthState = {
  user: null,
  displaySettings: defaultDisplaySettings,
  error: null,
  n1aiToken: null,
  n1aiTokenArgs: null,
  account: null,
  instanceSettings: null,
  pathToVisitAfterLogin: null,
  groups: [],
  healthCheckIssue: false,
  signedOut: false,
  lastUserId: null,
};

/** Transient fields never reach local storage: the token args may hold a password. */
type PersistedAuthState = Omit<AuthState, "n1aiTokenArgs" | "healthCheckIssue" | "error" | "signedOut">;

function toPersisted(state: AuthState): PersistedAuthState {
  const { n1aiTokenArgs: _args, healthCheckIssue: _health, error: _error, signedOut: _signedOut, ...persisted } = state;
  return persisted;
}

function loadAuthState(): AuthState {
  const stored = readStoredJson<Partial<PersistedAuthState>>(AUTH_STORAGE_KEY) ?? {};
  return {
    ...initialAuthState,
    ...stored,
    displaySettings: { ...defaultDisplaySettings, ...stored.displaySettings },
    groups: Array.isArray(stored.groups) ? stored.groups : [],
  };
}

export const authStore = createStore<AuthState>(loadAuthState());
authStore.subscribe(() => writeStoredJson(AUTH_STORAGE_KEY, toPersisted(authStore.getState())));

const byDisplayName = (a: CloudGroup, b: CloudGroup) => a.displayName.localeCompare(b.displayName);

function accountFromToken(token: string): Account | null {
  const claims = decodeTokenClaims(token);
  if (!claims) return null;
  return { name: claims.name ?? "", userName: claims.preferred_username ?? "" };
}

/** The auth state's transitions (spec §3, §4 "Token" and "Other"). */
export const authActions = {
  setToken(n1aiToken: string, n1aiTokenArgs: TokenArgs): void {
    const userId = decodeTokenClaims(n1aiToken)?.sub ?? null;
    const { lastUserId } = authStore.getState();
    // Another user on the page where someone was signed out by force: nothing of theirs stays.
    const anotherUser = lastUserId !== null && userId !== lastUserId;
    if (anotherUser) resetUserData();
    authStore.setState({
      n1aiToken,
      n1aiTokenArgs,
      account: accountFromToken(n1aiToken),
      error: null,
      signedOut: false,
      lastUserId: userId,
      ...(anotherUser ? { user: null, groups: [], pathToVisitAfterLogin: null } : {}),
    });
  },
  /** Spec §4: when regeneration fails the token and the account are cleared. */
  clearTokenAndAccount(): void {
    authStore.setState({ n1aiToken: null, account: null, user: null });
  },
  setUser: (user: UserDetails | null) => authStore.setState({ user }),
  setError: (error: string | null) => authStore.setState({ error }),
  setInstanceSettings: (instanceSettings: InstanceSettings) => authStore.setState({ instanceSettings }),
  setPathToVisitAfterLogin: (pathToVisitAfterLogin: string | null) => authStore.setState({ pathToVisitAfterLogin }),
  setHealthCheckIssue: (healthCheckIssue: boolean) => authStore.setState({ healthCheckIssue }),
  /** Spec §4 "Other": display settings are changed by name. */
  setDisplaySetting<K extends keyof DisplaySettings>(name: K, value: DisplaySettings[K]): void {
    authStore.setState((state) => ({ displaySettings: { ...state.displaySettings, [name]: value } }));
  },
  /** Spec §3: groups are appended to and kept sorted by displayName ascending. */
  appendGroups(groups: CloudGroup[]): void {
    authStore.setState((state) => ({ groups: [...state.groups, ...groups].sort(byDisplayName) }));
  },
  setGroups: (groups: CloudGroup[]) => authStore.setState({ groups: [...groups].sort(byDisplayName) }),
  /** Spec §4 "Other": the auth state can be reset; the public instance settings survive. */
  reset(): void {
    authStore.setState((state) => ({ ...initialAuthState, instanceSettings: state.instanceSettings }));
  },
  /** An explicit logout: everything is reset and the next login starts at /chat. */
  signOut(): void {
    authStore.setState((state) => ({ ...initialAuthState, instanceSettings: state.instanceSettings, signedOut: true }));
  },
  acknowledgeSignOut: () => authStore.setState({ signedOut: false }),
};

export const selectIsAuthenticated = (state: AuthState): boolean => isTokenUsable(state.n1aiToken);

/** The signed-in user's id (the token's sub claim). */
export const selectUserId = (state: AuthState): string | null =>
  state.n1aiToken ? (decodeTokenClaims(state.n1aiToken)?.sub ?? null) : null;
