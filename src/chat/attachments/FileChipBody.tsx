import DescriptionOutlinedIcon from "@mui/icons-material/DescriptionOutlined";
import PictureAsPdfOutlinedIcon from "@mui/icons-material/PictureAsPdfOutlined";
import Box from "@mui/material/Box";
import type { ReactNode } from "react";
import { extensionOf } from "./uploadRules";

export interface FileChipBodyProps {
  name: string;
  /** The second line: size and status. */
  detail: ReactNode;
  failed?: boolean;
  action?: ReactNode;
}

/** The look shared by the composer's and the question's file chips: icon, name, detail line, optional action. */
export function FileChipBody({ name, detail, failed = false, action }: FileChipBodyProps) {
  const Icon = extensionOf(name) === "pdf" ? PictureAsPdfOutlinedIcon : DescriptionOutlinedIcon;
  return (
    <Box
      role="group"
      aria-label={name}
      data-testid="file-chip"
      sx={{
        display: "flex",
        alignItems: "center",
        gap: 1,
        maxWidth: 260,
        minWidth: 160,
        pl: 1,
        pr: action ? 0.5 : 1.5,
        py: 0.75,
        borderRadius: 2.5,
        border: 1,
        borderColor: failed ? "error.main" : "divider",
        bgcolor: "background.paper",
      }}
    >
      <Box
        sx={{
          display: "grid",
          placeItems: "center",
          width: 32,
          height: 32,
          flexShrink: 0,
          borderRadius: 1.5,
          bgcolor: failed ? "error.main" : "primary.main",
          color: "primary.contrastText",
        }}
      >
        <Icon fontSize="small" />
      </Box>
      <Box sx={{ minWidth: 0, flex: 1, lineHeight: 1.3 }}>
        <Box
          sx={{ fontSize: 13, fontWeight: 600, overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }}
          title={name}
        >
          {name}
        </Box>
        <Box sx={{ fontSize: 12, color: failed ? "error.main" : "text.secondary", whiteSpace: "nowrap" }}>{detail}</Box>
      </Box>
      {action}
    </Box>
  );
}
