import BookmarksOutlinedIcon from "@mui/icons-material/BookmarksOutlined";
import IconButton from "@mui/material/IconButton";
import Popover from "@mui/material/Popover";
import Tooltip from "@mui/material/Tooltip";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { composerActions } from "./composerStore";
import { UserPromptDialog } from "./UserPromptDialog";
import { UserPromptsList } from "./UserPromptsList";
import type { UserPrompt } from "./useUserPrompts";

/** The "user prompts" button of the input bar (spec §2 tour step 4): pick, create, edit or delete saved prompts. */
export function UserPromptsButton() {
  const { t } = useTranslation();
  const popoverId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [editing, setEditing] = useState<UserPrompt | "new" | null>(null);

  return (
    <>
      <Tooltip title={t("userPrompts.open")}>
        <IconButton
          aria-label={t("userPrompts.open")}
          aria-haspopup="dialog"
          aria-controls={anchor ? popoverId : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
          sx={{ color: "text.secondary" }}
        >
          <BookmarksOutlinedIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Popover
        id={popoverId}
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: "top", horizontal: "left" }}
        transformOrigin={{ vertical: "bottom", horizontal: "left" }}
        slotProps={{ paper: { sx: { width: 360, maxWidth: "calc(100vw - 24px)", borderRadius: 3, mt: -1 } } }}
      >
        <UserPromptsList
          enabled={anchor !== null}
          onPick={(prompt) => {
            setAnchor(null);
            composerActions.insert(prompt.prompt);
          }}
          onEdit={(prompt) => setEditing(prompt)}
          onCreate={() => setEditing("new")}
        />
      </Popover>
      {editing !== null && (
        <UserPromptDialog prompt={editing === "new" ? null : editing} onClose={() => setEditing(null)} />
      )}
    </>
  );
}
