import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import type { AriaRole, ReactNode } from "react";

export interface EmptyListHintProps {
  icon: ReactNode;
  children: ReactNode;
  /** "alert" for a load error, so that screen readers announce it. */
  role?: AriaRole;
}

/** The message shown where a list has nothing to show (spec §8 list texts). */
export function EmptyListHint({ icon, children, role }: EmptyListHintProps) {
  return (
    <Box
      role={role}
      sx={{
        px: 2,
        py: 4,
        display: "flex",
        flexDirection: "column",
        alignItems: "center",
        gap: 1.5,
        textAlign: "center",
      }}
    >
      <Box aria-hidden sx={{ color: "menu.textSecondary", display: "flex", "& svg": { fontSize: 32 } }}>
        {icon}
      </Box>
      <Typography variant="body2" sx={{ color: "menu.textSecondary", lineHeight: 1.6 }}>
        {children}
      </Typography>
    </Box>
  );
}
