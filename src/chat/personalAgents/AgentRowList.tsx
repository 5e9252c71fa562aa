import Box from "@mui/material/Box";
import type { ReactNode } from "react";

/** The grid of agent rows on /chat/agents (Mine and Drafts share it, so both line up). */
export function AgentRowList({ label, children }: { label?: string; children: ReactNode }) {
  return (
    <Box
      component="ul"
      aria-label={label}
      sx={{
        display: "grid",
        gap: 1,
        gridTemplateColumns: "repeat(auto-fill, minmax(380px, 1fr))",
        p: 0,
        m: 0,
        listStyle: "none",
      }}
    >
      {children}
    </Box>
  );
}
