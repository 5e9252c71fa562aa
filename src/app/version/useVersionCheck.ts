import { useEffect } from "react";
import { authStore } from "../auth/authStore";
import { createStore } from "../store/createStore";
import { useStore } from "../store/useStore";
import { handleVersionMismatch, tokenMatchesClient, tokenVersion, type VersionCheckOutcome } from "./checkVersion";

type VersionCheckPhase = VersionCheckOutcome | "idle" | "checking" | "dismissed";

const versionCheckStore = createStore<{ phase: VersionCheckPhase; serverVersion: string | null }>({
  phase: "idle",
  serverVersion: null,
});

/** Starts the spec §4 version check for a token, once per page load. */
function startVersionCheck(token: string | null): void {
  // A refreshed token that still differs must not start another round.
  if (versionCheckStore.getState().phase !== "idle" || tokenMatchesClient(token)) return;
  versionCheckStore.setState({ phase: "checking", serverVersion: tokenVersion(token) });
  void handleVersionMismatch().then((phase) => versionCheckStore.setState({ phase }));
}

export interface VersionCheckState {
  /** The server's version (from the token) while the mismatch screen should show. */
  mismatchedVersion: string | null;
  dismiss(): void;
}

/** Compares the token's version claim with this build and reacts to a mismatch (spec §4). */
export function useVersionCheck(): VersionCheckState {
  const token = useStore(authStore, (state) => state.n1aiToken);
  const { phase, serverVersion } = useStore(versionCheckStore, (state) => state);
  useEffect(() => startVersionCheck(token), [token]);
  const showing = phase === "reloading" || phase === "skipped";
  return {
    mismatchedVersion: showing ? serverVersion : null,
    dismiss: () => versionCheckStore.setState({ phase: "dismissed" }),
  };
}
