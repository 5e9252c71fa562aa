import Box from "@mui/material/Box";
import type { ReactNode } from "react";

const rowSx = {
  display: "flex",
  alignItems: "center",
  flexWrap: "wrap",
  gap: 0.25,
  mt: 0.75,
  ml: -0.75,
  color: "text.secondary",
} as const;

/** The row of buttons under an answer, in the signed-in chat (AnswerActions) and the public one. */
export function AnswerActionsRow({ children }: { children: ReactNode }) {
  return <Box sx={rowSx}>{children}</Box>;
}
