import CloseRoundedIcon from "@mui/icons-material/CloseRounded";
import Box from "@mui/material/Box";
import IconButton from "@mui/material/IconButton";
import Typography from "@mui/material/Typography";
import { Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { lazyNamed } from "../../app/lazy/lazyNamed";
import { executionDetailsActions } from "./executionDetailsStore";

// The figures load with the panel's first opening; its frame (fixed width, title) renders at once.
const ExecutionDetailsContent = lazyNamed(() => import("./ExecutionDetailsContent"), "ExecutionDetailsContent");

/**
 * The execution details of one answer under their title, with a close button: the inside of the
 * chat's side panel or drawer, and of the test chats' drawer. The answer's figures come from the
 * ExecutionDetailsSourceContext around it.
 */
export function ExecutionDetailsPanel({
  conversationId,
  segmentId,
}: {
  conversationId: string | null;
  segmentId: string | null;
}) {
  const { t } = useTranslation();
  const [focusClose] = useState(executionDetailsActions.openedByKeyboard);
  return (
    <Box
      component="aside"
      aria-label={t("executionDetails.title")}
      // Escape closes it, also as the desktop's side panel (the phone's drawer closes on Escape itself).
      onKeyDown={(event) => {
        if (event.key !== "Escape") return;
        event.stopPropagation();
        executionDetailsActions.close();
      }}
      sx={{ width: { xs: "min(100vw, 340px)", lg: 340 }, p: 2.5 }}
    >
      <Box sx={{ display: "flex", alignItems: "center", justifyContent: "space-between", mb: 2 }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 650 }}>
          {t("executionDetails.title")}
        </Typography>
        <IconButton
          size="small"
          aria-label={t("executionDetails.close")}
          onClick={executionDetailsActions.close}
          autoFocus={focusClose}
        >
          <CloseRoundedIcon fontSize="small" />
        </IconButton>
      </Box>
      <Suspense fallback={null}>
        <ExecutionDetailsContent conversationId={conversationId} segmentId={segmentId} />
      </Suspense>
    </Box>
  );
}
