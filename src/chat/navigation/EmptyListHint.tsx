import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";

/** The message shown where a list has nothing yet (spec §8 empty list texts). */
export function EmptyListHint({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Box
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
