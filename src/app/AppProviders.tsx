import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { BrandThemeProvider } from "./brand/BrandThemeProvider";
import { ErrorBoundary } from "./layout/ErrorBoundary";
import { SettingsProvider } from "./settings/SettingsProvider";
import { lazyNamed } from "./lazy/lazyNamed";
import { MountOnceOpened } from "./lazy/MountOnceOpened";
import { useStore } from "./store/useStore";
import { toastStore } from "./toast/toastStore";

// The toast stack (and MUI's Alert with its icons) loads with the first toast, not with every page.
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
  return (
    <MountOnceOpened open={shown}>
      <Toaster />
    </MountOnceOpened>
  );
}
