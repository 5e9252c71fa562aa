import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { BrandThemeProvider } from "./brand/BrandThemeProvider";
import { ErrorBoundary } from "./layout/ErrorBoundary";
import { SettingsProvider } from "./settings/SettingsProvider";
import { Toaster } from "./toast/Toaster";
import "./i18n/i18n";

/** Everything a page needs around it: data cache, settings, brand theme, error boundary and toasts. */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <SettingsProvider>
        <BrandThemeProvider>
          <ErrorBoundary>{children}</ErrorBoundary>
          <Toaster />
        </BrandThemeProvider>
      </SettingsProvider>
    </QueryClientProvider>
  );
}
