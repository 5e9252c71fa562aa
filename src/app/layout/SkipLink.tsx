import Box from "@mui/material/Box";
import { alpha } from "@mui/material/styles";
import { useTranslation } from "react-i18next";

export const MAIN_CONTENT_ID = "main-content";

/**
 * A keyboard user's shortcut past the navigation, visible only when focused. A plain anchor
 * drawn like MUI's Link, which would otherwise join the chat page's first load for it alone.
 */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <Box
      component="a"
      href={`#${MAIN_CONTENT_ID}`}
      sx={{
        color: "primary.main",
        textDecoration: "underline",
        textDecorationColor: (theme) => alpha(theme.palette.primary.main, 0.4),
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
    </Box>
  );
}
