import Box from "@mui/material/Box";
import { memo, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { logger } from "../../app/logger";
import { showToast } from "../../app/toast/toastStore";
import type { components } from "../../generated/api";
import { CitationItem } from "./CitationItem";
import { CitationSourceError, openCitationSource } from "./openCitationSource";

type Citation = components["schemas"]["Citation"];

export interface CitationListProps {
  conversationId: string | null;
  segmentId: string | null;
  citations: readonly Citation[];
}

/** The sources under an answer (spec §3 segment citations), numbered as the answer's [n] markers. */
export const CitationList = memo(function CitationList({ conversationId, segmentId, citations }: CitationListProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const [opening, setOpening] = useState<number | null>(null);
  if (citations.length === 0 || !segmentId) return null;

  const open = async (index: number, citation: Citation) => {
    if (!conversationId) return;
    setOpening(index);
    try {
      await openCitationSource(conversationId, segmentId, citation);
    } catch (error) {
      logger.error("The cited file could not be opened.", error);
      const failure = error instanceof CitationSourceError ? error.failure : { kind: "objectUrl" as const };
      showToast(
        failure.kind === "status"
          ? t("citations.blobFailed", { status: failure.status })
          : t("citations.objectUrlFailed"),
        "error",
      );
    } finally {
      setOpening(null);
    }
  };

  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 1.5 }}>
      <Box
        id={headingId}
        sx={{ fontSize: 12.5, fontWeight: 600, color: "text.secondary", mb: 0.75, letterSpacing: 0.2 }}
      >
        {t("citations.title")}
      </Box>
      <Box component="ol" sx={{ listStyle: "none", m: 0, p: 0, display: "grid", gap: 0.75 }}>
        {citations.map((citation, i) => (
          <li key={`${citation.path}-${i}`}>
            <CitationItem
              segmentId={segmentId}
              index={i + 1}
              citation={citation}
              opening={opening === i + 1}
              onOpen={conversationId ? () => void open(i + 1, citation) : undefined}
            />
          </li>
        ))}
      </Box>
    </Box>
  );
});
