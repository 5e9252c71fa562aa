import TerminalIcon from "@mui/icons-material/Terminal";
import Box from "@mui/material/Box";
import type { components } from "../../generated/api";
import { MarkdownContent } from "../markdown/MarkdownContent";
import { StreamingMarkdown } from "../markdown/StreamingMarkdown";
import { GeneratedFileList } from "./GeneratedFileList";

type FileReference = components["schemas"]["OpenAIFileReference"];

export interface CodeInterpreterPanelProps {
  /** The code interpreter response: each run's code and output as markdown. */
  markdown: string;
  /** True while runs may still be added (rendered as a growing text). */
  streaming: boolean;
  conversationId: string | null;
  conversationSegmentId: string | null;
  files: readonly FileReference[];
}

/** What the code interpreter did for an answer: the code it ran, the output, the files it wrote. */
export function CodeInterpreterPanel({ markdown, streaming, conversationId, conversationSegmentId, files }: CodeInterpreterPanelProps) {
  if (markdown === "" && files.length === 0) return null;
  return (
    <Box
      component="section"
      aria-label="Code interpreter"
      data-testid="code-interpreter"
      sx={{ border: 1, borderColor: "divider", borderRadius: 1, px: 1.5, py: 1, mb: 1.5 }}
    >
      <Box sx={{ display: "flex", alignItems: "center", gap: 0.75, fontSize: 13, fontWeight: 600, color: "text.secondary" }}>
        <TerminalIcon fontSize="small" aria-hidden />
        Code interpreter
      </Box>
      {markdown !== "" && (streaming ? <StreamingMarkdown text={markdown} /> : <MarkdownContent text={markdown} />)}
      {conversationId && conversationSegmentId && (
        <GeneratedFileList conversationId={conversationId} conversationSegmentId={conversationSegmentId} files={files} />
      )}
    </Box>
  );
}
