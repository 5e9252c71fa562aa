import type { SxProps, Theme } from "@mui/material/styles";

/** The rounded frame around a question input (the signed-in composer and the public chat's). */
export const composerFrameSx = {
  maxWidth: 800,
  mx: "auto",
  display: "flex",
  flexWrap: "wrap",
  alignItems: "flex-end",
  gap: 0.5,
  p: 1,
  borderRadius: 4,
  border: 1,
  borderColor: "divider",
  bgcolor: "background.paper",
  boxShadow: "0 1px 2px rgba(16,24,40,.04), 0 4px 16px rgba(16,24,40,.06)",
  transition: "border-color .15s, box-shadow .15s",
  "&:focus-within": { borderColor: "primary.main" },
} as const satisfies SxProps<Theme>;
