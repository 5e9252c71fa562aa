import Popover from "@mui/material/Popover";
import { useState } from "react";
import { composerActions } from "./composerStore";
import { UserPromptDialog } from "./UserPromptDialog";
import { UserPromptsList } from "./UserPromptsList";
import type { UserPrompt } from "./useUserPrompts";

export interface UserPromptsPopoverProps {
  id: string;
  /** The button it opens from; null when closed. */
  anchor: HTMLElement | null;
  onClose(): void;
}

/** The saved prompts above the input bar: pick one into the composer, or create, edit and delete them. */
export function UserPromptsPopover({ id, anchor, onClose }: UserPromptsPopoverProps) {
  const [editing, setEditing] = useState<UserPrompt | "new" | null>(null);
  return (
    <>
      <Popover
        id={id}
        open={anchor !== null}
        anchorEl={anchor}
        onClose={onClose}
        anchorOrigin={{ vertical: "top", horizontal: "left" }}
        transformOrigin={{ vertical: "bottom", horizontal: "left" }}
        slotProps={{ paper: { sx: { width: 360, maxWidth: "calc(100vw - 24px)", borderRadius: 3, mt: -1 } } }}
      >
        <UserPromptsList
          enabled={anchor !== null}
          onPick={(prompt) => {
            onClose();
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
