import CssBaseline from "@mui/material/CssBaseline";
import { ThemeProvider } from "@mui/material/styles";
import { type ReactNode, useEffect, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useSettings } from "../settings/useSettings";
import { createBrandTheme } from "./createBrandTheme";
import { useBrand } from "./useBrand";

/** The MUI theme from the current brand's colours and the local settings; also sets <html dir lang>. */
export function BrandThemeProvider({ children }: { children: ReactNode }) {
  const { brand } = useBrand();
  const { themeContrast, themeDirection } = useSettings();
  const { i18n } = useTranslation();
  const theme = useMemo(
    () => createBrandTheme({ brandTheme: brand?.theme, contrast: themeContrast, direction: themeDirection }),
    [brand?.theme, themeContrast, themeDirection],
  );

  useEffect(() => {
    document.documentElement.dir = themeDirection;
    document.documentElement.lang = i18n.resolvedLanguage ?? "en";
  }, [themeDirection, i18n.resolvedLanguage]);

  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}
