import CloseRoundedIcon from "@mui/icons-material/CloseRounded";
import IconButton from "@mui/material/IconButton";
import type { MouseEvent } from "react";
import { useTranslation } from "react-i18next";

export interface CornerRemoveButtonProps {
  /** The file's name, in the button's label ("Remove photo.png"). */
  name: string;
  onClick(event: MouseEvent<HTMLButtonElement>): void;
  /** How far in from the file's top right corner (negative: over its edge). */
  inset: number;
}

/** The small round button on a file's corner that takes it out (of the composer, of an edited question). */
export function CornerRemoveButton({ name, onClick, inset }: CornerRemoveButtonProps) {
  const { t } = useTranslation();
  return (
    <IconButton
      size="small"
      aria-label={t("attachments.remove", { name })}
      onClick={onClick}
      sx={{
        position: "absolute",
        top: inset,
        right: inset,
        p: 0.25,
        bgcolor: "rgba(0,0,0,.6)",
        color: "#fff",
        "&:hover": { bgcolor: "rgba(0,0,0,.8)" },
      }}
    >
      <CloseRoundedIcon sx={{ fontSize: 14 }} />
    </IconButton>
  );
}
