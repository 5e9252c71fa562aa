import DownloadIcon from "@mui/icons-material/Download";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import { useState } from "react";
import type { components } from "../../generated/api";
import { downloadGeneratedFile } from "./downloadGeneratedFile";
import { formatFileSize } from "../attachments/formatFileSize";

type FileReference = components["schemas"]["OpenAIFileReference"];

export interface GeneratedFileListProps {
  conversationId: string;
  conversationSegmentId: string;
  files: readonly FileReference[];
}

/** The files a run wrote: images shown inline (spec §9: at most 400 px high), every file as a download. */
export function GeneratedFileList({ conversationId, conversationSegmentId, files }: GeneratedFileListProps) {
  const [failure, setFailure] = useState<string | null>(null);
  if (files.length === 0) return null;
  const download = (file: FileReference) => {
    setFailure(null);
    downloadGeneratedFile(conversationId, conversationSegmentId, file).catch((error: unknown) =>
      setFailure(error instanceof Error ? error.message : String(error)),
    );
  };
  return (
    <Box data-testid="generated-files" sx={{ mt: 1 }}>
      {files
        .filter((file) => file.imageUrl)
        .map((file) => (
          <Box
            key={`image-${file.fileId}`}
            component="img"
            src={file.imageUrl!}
            alt={file.fileName}
            sx={{ display: "block", maxHeight: 400, maxWidth: "100%", my: 1, borderRadius: 1 }}
          />
        ))}
      <Box component="ul" aria-label="Generated files" sx={{ listStyle: "none", p: 0, m: 0, display: "flex", flexWrap: "wrap", gap: 1 }}>
        {files.map((file) => (
          <li key={file.fileId}>
            <Button size="small" variant="outlined" startIcon={<DownloadIcon />} onClick={() => download(file)} sx={{ textTransform: "none" }}>
              {file.fileName} ({formatFileSize(file.byteSize)})
            </Button>
          </li>
        ))}
      </Box>
      {failure && (
        <Box role="alert" sx={{ color: "error.main", fontSize: 13, mt: 0.5 }}>
          {failure}
        </Box>
      )}
    </Box>
  );
}
