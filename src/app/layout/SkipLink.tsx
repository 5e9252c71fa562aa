import Link from "@mui/material/Link";
import { useTranslation } from "react-i18next";

export const MAIN_CONTENT_ID = "main-content";

/** A keyboard user's shortcut past the navigation, visible only when focused. */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <Link
      href={`#${MAIN_CONTENT_ID}`}
      sx={{
        position: "absolute",
        insetInlineStart: 16,
        top: -64,
        zIndex: (theme) => theme.zIndex.tooltip + 2,
        px: 2,
        py: 1,
        borderRadius: 2,
        bgcolor: "background.paper",
        boxShadow: 4,
        fontWeight: 600,
        "&:focus": { top: 16 },
      }}
    >
      {t("app.skipToContent")}
    </Link>
  );
}
