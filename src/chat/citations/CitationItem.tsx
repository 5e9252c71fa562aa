import Box from "@mui/material/Box";
import ButtonBase from "@mui/material/ButtonBase";
import CircularProgress from "@mui/material/CircularProgress";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { components } from "../../generated/api";
import { citationAnchorId } from "./citationAnchors";

type Citation = components["schemas"]["Citation"];

export interface CitationItemProps {
  segmentId: string;
  index: number;
  citation: Citation;
  opening: boolean;
  /** Absent: the source cannot be opened yet (the answer has no segment id). */
  onOpen?: () => void;
}

/** One source of an answer: its number, title, page and snippet; a click opens the file. */
export function CitationItem({ segmentId, index, citation, opening, onOpen }: CitationItemProps) {
  const { t } = useTranslation();
  const snippetId = useId();
  return (
    <ButtonBase
      id={citationAnchorId(segmentId, index)}
      // Named by its number, title and page; the snippet is its description (spoken after the name).
      aria-describedby={snippetId}
      disabled={!onOpen || opening}
      onClick={onOpen}
      data-testid="citation"
      sx={{
        width: "100%",
        display: "flex",
        alignItems: "flex-start",
        justifyContent: "flex-start",
        textAlign: "left",
        gap: 1.25,
        p: 1.25,
        borderRadius: 2.5,
        border: 1,
        borderColor: "divider",
        transition: "background-color .3s, border-color .3s",
        "&:hover": { bgcolor: "action.hover" },
        "&[data-highlighted], &:focus-visible": { borderColor: "primary.main", bgcolor: "action.selected" },
      }}
    >
      <Box
        sx={{
          flexShrink: 0,
          minWidth: 22,
          height: 22,
          px: 0.5,
          borderRadius: 1,
          display: "grid",
          placeItems: "center",
          fontSize: 12,
          fontWeight: 700,
          bgcolor: "primary.main",
          color: "primary.contrastText",
        }}
      >
        {index}
      </Box>
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Box sx={{ display: "flex", alignItems: "baseline", gap: 1, fontSize: 13.5, lineHeight: 1.4 }}>
          <Box
            component="span"
            sx={{ fontWeight: 600, overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }}
          >
            {citation.title}
          </Box>
          {citation.page != null && (
            <Box component="span" sx={{ color: "text.secondary", whiteSpace: "nowrap", fontSize: 12.5 }}>
              {t("citations.page", { page: citation.page })}
            </Box>
          )}
        </Box>
        <Box
          id={snippetId}
          aria-hidden
          sx={{
            mt: 0.25,
            fontSize: 13,
            lineHeight: 1.45,
            color: "text.secondary",
            display: "-webkit-box",
            WebkitLineClamp: 2,
            WebkitBoxOrient: "vertical",
            overflow: "hidden",
          }}
        >
          {citation.snippet}
        </Box>
      </Box>
      {opening && <CircularProgress size={16} sx={{ mt: 0.25 }} />}
    </ButtonBase>
  );
}
