import { useCallback, useSyncExternalStore } from "react";
import { logger } from "../logger";

function subscribe(onChange: () => void): () => void {
  document.addEventListener("fullscreenchange", onChange);
  return () => document.removeEventListener("fullscreenchange", onChange);
}

const isFullscreenNow = () => document.fullscreenElement != null;

/** Spec §4 Layout: fullscreen toggles between entering and exiting. */
export function useFullscreen(): { isFullscreen: boolean; toggleFullscreen(): void } {
  const isFullscreen = useSyncExternalStore(subscribe, isFullscreenNow, () => false);
  const toggleFullscreen = useCallback(() => {
    const change = isFullscreenNow() ? document.exitFullscreen?.() : document.documentElement.requestFullscreen?.();
    // The browser may refuse (no user gesture, iframe without permission): nothing else to do.
    Promise.resolve(change).catch((error: unknown) => logger.warn("Fullscreen change refused", error));
  }, []);
  return { isFullscreen, toggleFullscreen };
}
