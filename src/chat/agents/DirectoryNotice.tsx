import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";

/** What an agent list on /chat/agents shows instead of cards: its error, that it is empty, or that nothing matches. */
export function DirectoryNotice({ icon, children, role }: { icon: ReactNode; children: ReactNode; role?: "alert" }) {
  return (
    <Paper variant="outlined" role={role} sx={{ borderStyle: "dashed", borderRadius: 4, py: 8, px: 3 }}>
      <Box sx={{ display: "flex", flexDirection: "column", alignItems: "center", gap: 1.5, textAlign: "center" }}>
        <Box aria-hidden sx={{ color: "text.secondary", display: "flex", "& svg": { fontSize: 48 } }}>
          {icon}
        </Box>
        <Typography color="text.secondary">{children}</Typography>
      </Box>
    </Paper>
  );
}
