import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { Component, type ReactNode, useEffect } from "react";
import { BrandThemeProvider } from "./brand/BrandThemeProvider";
import { ErrorBoundary } from "./layout/ErrorBoundary";
import { SettingsProvider } from "./settings/SettingsProvider";
import { lazyNamed } from "./lazy/lazyNamed";
import { MountOnceOpened } from "./lazy/MountOnceOpened";
import { whenIdle } from "./lazy/whenIdle";
import { logger } from "./logger";
import { useStore } from "./store/useStore";
import { toastStore } from "./toast/toastStore";

// The toast stack (and MUI's Alert with its icons) is not part of the first paint: it is fetched once
// the page is idle, before a toast needs it. Toasts often report a lost connection, when it could not be.
const Toaster = lazyNamed(() => import("./toast/Toaster"), "Toaster");
import "./i18n/i18n";

/** Everything a page needs around it: data cache, settings, brand theme, error boundary and toasts. */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <SettingsProvider>
        <BrandThemeProvider>
          <ErrorBoundary>{children}</ErrorBoundary>
          <ToasterOnceNeeded />
        </BrandThemeProvider>
      </SettingsProvider>
    </QueryClientProvider>
  );
}

function ToasterOnceNeeded() {
  const shown = useStore(toastStore, (state) => state.toasts.length > 0);
  useEffect(() => whenIdle(() => void Toaster.preload()), []);
  return (
    <ToasterBoundary>
      <MountOnceOpened open={shown}>
        <Toaster />
      </MountOnceOpened>
    </ToasterBoundary>
  );
}

/** Toasts whose chunk could not be loaded (offline) are not shown; the page, outside ErrorBoundary's reach, stays. */
class ToasterBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  componentDidCatch(error: Error): void {
    logger.error("The toasts could not be shown.", error);
  }

  render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}
