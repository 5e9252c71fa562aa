import ArrowDownwardRoundedIcon from "@mui/icons-material/ArrowDownwardRounded";
import Fab from "@mui/material/Fab";
import Zoom from "@mui/material/Zoom";
import { memo } from "react";
import { useTranslation } from "react-i18next";

/** Shown when the reader scrolled away from the end: back to the latest message. Memoized: the list re-renders while an answer streams. */
export const JumpToLatestButton = memo(function JumpToLatestButton({
  visible,
  onClick,
}: {
  visible: boolean;
  onClick(): void;
}) {
  const { t } = useTranslation();
  return (
    <Zoom in={visible} unmountOnExit>
      <Fab
        size="small"
        aria-label={t("conversation.jumpToLatest")}
        onClick={onClick}
        sx={{
          position: "absolute",
          left: "50%",
          bottom: 16,
          ml: "-20px",
          bgcolor: "background.paper",
          color: "text.primary",
          boxShadow: 3,
          "&:hover": { bgcolor: "background.paper" },
        }}
      >
        <ArrowDownwardRoundedIcon fontSize="small" />
      </Fab>
    </Zoom>
  );
});
