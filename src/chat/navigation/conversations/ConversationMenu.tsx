import ArchiveOutlinedIcon from "@mui/icons-material/ArchiveOutlined";
import DeleteOutlineRoundedIcon from "@mui/icons-material/DeleteOutlineRounded";
import DriveFileRenameOutlineRoundedIcon from "@mui/icons-material/DriveFileRenameOutlineRounded";
import FileDownloadOutlinedIcon from "@mui/icons-material/FileDownloadOutlined";
import UnarchiveOutlinedIcon from "@mui/icons-material/UnarchiveOutlined";
import Divider from "@mui/material/Divider";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useTourModalProps } from "../../tour/useTourModalProps";

export type ConversationMenuAction = "rename" | "delete" | "archive" | "unarchive" | "export";

export interface ConversationMenuProps {
  anchorEl: HTMLElement | null;
  /** Conversations in the Archived list offer Unarchive instead of Archive. */
  archived: boolean;
  /** False for a conversation with a banned or blocked agent (spec §5). */
  exportable: boolean;
  onAction(action: ConversationMenuAction): void;
  onClose(): void;
  /** Called once the menu has fully closed (and given focus back), so that rename can take the focus. */
  onExited(): void;
}

/** The conversation popover (spec §2 tour step 8): rename, archive or unarchive, export (spec §5: not for banned or blocked agents), delete. */
export function ConversationMenu({
  anchorEl,
  archived,
  exportable,
  onAction,
  onClose,
  onExited,
}: ConversationMenuProps) {
  const { t } = useTranslation();
  // The tour shows this menu at step 8: the keyboard stays in the tour's tooltip meanwhile.
  const tourModalProps = useTourModalProps();
  const item = (action: ConversationMenuAction, icon: ReactNode, label: string, danger = false) => (
    <MenuItem onClick={() => onAction(action)} sx={danger ? { color: "error.main" } : undefined}>
      <ListItemIcon sx={danger ? { color: "error.main" } : undefined}>{icon}</ListItemIcon>
      <ListItemText>{label}</ListItemText>
    </MenuItem>
  );
  return (
    <Menu
      anchorEl={anchorEl}
      open={anchorEl !== null}
      onClose={onClose}
      {...tourModalProps}
      autoFocus={!tourModalProps.disableAutoFocus}
      anchorOrigin={{ vertical: "bottom", horizontal: "right" }}
      transformOrigin={{ vertical: "top", horizontal: "right" }}
      slotProps={{
        transition: { onExited },
        // The tour's step 8 target (spread: the slot's type does not list data-* attributes).
        paper: { ...{ "data-tour": "conversation-popover" }, sx: { minWidth: 188, borderRadius: 2, mt: 0.5 } },
        list: { dense: true, "aria-label": t("conversations.options") },
      }}
    >
      {item("rename", <DriveFileRenameOutlineRoundedIcon fontSize="small" />, t("conversations.rename"))}
      {archived
        ? item("unarchive", <UnarchiveOutlinedIcon fontSize="small" />, t("conversations.unarchive"))
        : item("archive", <ArchiveOutlinedIcon fontSize="small" />, t("conversations.archive"))}
      {exportable && item("export", <FileDownloadOutlinedIcon fontSize="small" />, t("conversations.export"))}
      <Divider />
      {item("delete", <DeleteOutlineRoundedIcon fontSize="small" />, t("conversations.delete"), true)}
    </Menu>
  );
}
