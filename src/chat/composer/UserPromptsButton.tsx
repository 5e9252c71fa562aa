import BookmarksOutlinedIcon from "@mui/icons-material/BookmarksOutlined";
import IconButton from "@mui/material/IconButton";
import Tooltip from "@mui/material/Tooltip";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { lazyNamed } from "../../app/lazy/lazyNamed";
import { preloadOnIntent } from "../../app/lazy/preloadOnIntent";
import { MountOnceOpened } from "../../app/lazy/MountOnceOpened";

// The popover, its list and the prompt dialog load with the first opening.
const UserPromptsPopover = lazyNamed(() => import("./UserPromptsPopover"), "UserPromptsPopover");

/** The "user prompts" button of the input bar (spec §2 tour step 4): pick, create, edit or delete saved prompts. */
export function UserPromptsButton() {
  const { t } = useTranslation();
  const popoverId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);

  return (
    <>
      <Tooltip title={t("userPrompts.open")}>
        <IconButton
          data-tour="user-prompts-button"
          aria-label={t("userPrompts.open")}
          aria-haspopup="dialog"
          aria-controls={anchor ? popoverId : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
          {...preloadOnIntent(UserPromptsPopover)}
          sx={{ color: "text.secondary" }}
        >
          <BookmarksOutlinedIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <MountOnceOpened open={anchor !== null}>
        <UserPromptsPopover id={popoverId} anchor={anchor} onClose={() => setAnchor(null)} />
      </MountOnceOpened>
    </>
  );
}
