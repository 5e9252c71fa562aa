import Box from "@mui/material/Box";
import Skeleton from "@mui/material/Skeleton";
import { alpha } from "@mui/material/styles";
import { useTranslation } from "react-i18next";
import { CONVERSATION_ROW_HEIGHT } from "./conversationRows";

const WIDTHS = ["72%", "88%", "64%", "80%", "56%", "76%"];

/** Placeholder rows while the first page of a list loads. */
export function ConversationListSkeleton() {
  const { t } = useTranslation();
  return (
    <Box role="status" aria-label={t("nav.loadingChats")} sx={{ pt: 0.5 }}>
      <Skeleton
        variant="text"
        width={56}
        sx={(theme) => ({ mx: 1.25, bgcolor: alpha(theme.palette.menu.textPrimary, 0.08) })}
      />
      {WIDTHS.map((width, index) => (
        <Box key={index} sx={{ height: CONVERSATION_ROW_HEIGHT, display: "flex", alignItems: "center", px: 1.25 }}>
          <Skeleton
            variant="rounded"
            width={width}
            height={14}
            sx={(theme) => ({ bgcolor: alpha(theme.palette.menu.textPrimary, 0.08) })}
          />
        </Box>
      ))}
    </Box>
  );
}
