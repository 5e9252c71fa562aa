import Popover, { type PopoverActions } from "@mui/material/Popover";
import { useCallback, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
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
  const { t } = useTranslation();
  const [editing, setEditing] = useState<UserPrompt | "new" | null>(null);
  // It opens upwards from the button, placed for its size then (a spinner while the prompts load):
  // placed again as its content grows or shrinks, else it would grow down over the message box.
  const popover = useRef<PopoverActions>(null);
  const observeContent = useCallback((node: HTMLElement | null) => {
    if (!node) return;
    const observer = new ResizeObserver(() => popover.current?.updatePosition());
    observer.observe(node);
    return () => observer.disconnect();
  }, []);
  return (
    <>
      <Popover
        action={popover}
        open={anchor !== null}
        anchorEl={anchor}
        onClose={onClose}
        anchorOrigin={{ vertical: "top", horizontal: "left" }}
        transformOrigin={{ vertical: "bottom", horizontal: "left" }}
        slotProps={{
          // A dialog, as its button announces (aria-haspopup="dialog"): focus is kept inside it until it closes.
          paper: {
            id,
            role: "dialog",
            "aria-label": t("userPrompts.title"),
            sx: { width: 360, maxWidth: "calc(100vw - 24px)", borderRadius: 3, mt: -1 },
          },
        }}
      >
        <div ref={observeContent}>
          <UserPromptsList
            enabled={anchor !== null}
            onPick={(prompt) => {
              onClose();
              composerActions.insert(prompt.prompt);
            }}
            onEdit={(prompt) => setEditing(prompt)}
            onCreate={() => setEditing("new")}
          />
        </div>
      </Popover>
      {editing !== null && (
        <UserPromptDialog prompt={editing === "new" ? null : editing} onClose={() => setEditing(null)} />
      )}
    </>
  );
}
