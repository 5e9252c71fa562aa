import CloseRoundedIcon from "@mui/icons-material/CloseRounded";
import Box from "@mui/material/Box";
import IconButton from "@mui/material/IconButton";
import Typography from "@mui/material/Typography";
import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import { authStore } from "../../app/auth/authStore";
import { useNavContext } from "../../app/layout/useNavContext";
import { LazyDrawer } from "../../app/lazy/LazyDrawer";
import { lazyNamed } from "../../app/lazy/lazyNamed";
import { MountOnceOpened } from "../../app/lazy/MountOnceOpened";
import { useStore } from "../../app/store/useStore";
import { chatStore } from "../state/chatStore";
import { executionDetailsActions, executionDetailsStore } from "./executionDetailsStore";

const WIDTH = 340;

// The figures load with the panel's first opening; its frame (fixed width, title) renders at once.
const ExecutionDetailsContent = lazyNamed(() => import("./ExecutionDetailsContent"), "ExecutionDetailsContent");

/**
 * Execution details of an answer (spec §3 displaySettings): open while
 * showChatExecutionDetailsDrawer is on; it shows the answer picked with
 * "Details", else the latest answer (useLatestChatSegmentForExecutionDetailsDrawer)
 * or the current segment. A side panel on desktop, a drawer on small screens.
 */
export function ExecutionDetailsDrawer({
  conversationId,
  latestSegmentId,
}: {
  conversationId: string | null;
  latestSegmentId: string | null;
}) {
  const { t } = useTranslation();
  const { isDesktop } = useNavContext();
  const open = useStore(authStore, (state) => state.displaySettings.showChatExecutionDetailsDrawer);
  const useLatest = useStore(authStore, (state) => state.displaySettings.useLatestChatSegmentForExecutionDetailsDrawer);
  const picked = useStore(executionDetailsStore, (state) => state.segmentId);
  const current = useStore(chatStore, (state) => state.currentConversationSegmentId);
  const segmentId = picked ?? (useLatest ? latestSegmentId : (current ?? latestSegmentId));

  const panel = (
    <Box
      component="aside"
      aria-label={t("executionDetails.title")}
      sx={{ width: { xs: "min(100vw, 340px)", lg: WIDTH }, p: 2.5 }}
    >
      <Box sx={{ display: "flex", alignItems: "center", justifyContent: "space-between", mb: 2 }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 650 }}>
          {t("executionDetails.title")}
        </Typography>
        <IconButton size="small" aria-label={t("executionDetails.close")} onClick={executionDetailsActions.close}>
          <CloseRoundedIcon fontSize="small" />
        </IconButton>
      </Box>
      <Suspense fallback={null}>
        <ExecutionDetailsContent conversationId={conversationId} segmentId={segmentId} />
      </Suspense>
    </Box>
  );

  if (isDesktop)
    return open ? (
      <Box sx={{ flex: "none", borderLeft: 1, borderColor: "divider", bgcolor: "background.paper", overflowY: "auto" }}>
        {panel}
      </Box>
    ) : null;
  return (
    <MountOnceOpened open={open}>
      <LazyDrawer anchor="right" open={open} onClose={executionDetailsActions.close}>
        {panel}
      </LazyDrawer>
    </MountOnceOpened>
  );
}
