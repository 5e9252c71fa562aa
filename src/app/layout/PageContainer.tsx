import Container from "@mui/material/Container";
import type { ReactNode } from "react";
import { useSettings } from "../settings/useSettings";

/** A page's content column; the Stretch setting lets it use the full width (spec §3). */
export function PageContainer({ children }: { children: ReactNode }) {
  const { themeStretch } = useSettings();
  return (
    <Container maxWidth={themeStretch ? false : "lg"} sx={{ py: { xs: 3, md: 5 }, flex: 1 }}>
      {children}
    </Container>
  );
}
