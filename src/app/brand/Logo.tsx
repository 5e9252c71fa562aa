import Box from "@mui/material/Box";
import type { SxProps, Theme } from "@mui/material/styles";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { brandImageUrl } from "./brandImageUrl";
import { DEFAULT_LOGO_SRC } from "./defaultLogo";
import { useBrand } from "./useBrand";
import { useProductName } from "./useProductName";

export interface LogoProps {
  /**
   * Spec §2: 48x48 (navigation header, mini navigation, login, About). Only the
   * compact bars draw it smaller: the footer strip (28) and the 60 px mobile header (32).
   */
  size?: number;
  /** The navigation logo falls back to the main logo when the brand has none. */
  variant?: "logo" | "navigation";
  sx?: SxProps<Theme>;
}

/** The brand's logo with a cache-busting query; a failed image falls back to the bundled default. */
export function Logo({ size = 48, variant = "logo", sx }: LogoProps) {
  const { t } = useTranslation();
  const name = useProductName();
  const { brand, isLoading } = useBrand();
  const [failedSrc, setFailedSrc] = useState<string | null>(null);

  const fileName =
    variant === "navigation" ? (brand?.navigationLogoFileName ?? brand?.logoFileName) : brand?.logoFileName;
  const src = brand && fileName ? brandImageUrl(brand.brandKey, fileName) : DEFAULT_LOGO_SRC;
  const frame = { width: size, height: size, flexShrink: 0, display: "block" } as const;

  // Holding the space while the brand loads avoids flashing the fallback first.
  if (isLoading) return <Box sx={[frame, ...(Array.isArray(sx) ? sx : [sx])]} aria-hidden />;
  return (
    <Box
      component="img"
      src={failedSrc === src ? DEFAULT_LOGO_SRC : src}
      alt={t("logo.alt", { name })}
      width={size}
      height={size}
      onError={() => setFailedSrc(src)}
      sx={[frame, { objectFit: "contain" }, ...(Array.isArray(sx) ? sx : [sx])]}
    />
  );
}
