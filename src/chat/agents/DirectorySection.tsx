import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { useId, type ReactNode } from "react";

/** One titled section of 'Discover Intelligent Agents' (System Agents, My Personal Agents, Shared with me, Drafts). */
export function DirectorySection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Box component="section" aria-labelledby={id} sx={{ mb: 4 }}>
      <Typography id={id} variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}
