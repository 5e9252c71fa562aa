import Box from "@mui/material/Box";
import { useTranslation } from "react-i18next";
import { useStore } from "../../app/store/useStore";
import { ComposerFileChip } from "./ComposerFileChip";
import { composerFilesStore } from "./composerFilesStore";
import { ComposerImageThumb } from "./ComposerImageThumb";
import { uploadMessage } from "./uploadMessage";

/** The composer's files above the input: image thumbnails, document chips, and why any of them failed. */
export function ComposerFiles({ agentName }: { agentName: string }) {
  const { t } = useTranslation();
  const files = useStore(composerFilesStore, (state) => state.files);
  if (files.length === 0) return null;
  const messages = files.flatMap((file) => {
    const message = uploadMessage(t, file, agentName);
    return message ? [{ id: file.id, message }] : [];
  });
  return (
    // Thirty files and their messages would push the message box off a small screen: they scroll instead.
    <Box sx={{ width: "100%", px: 0.5, pt: 0.5, maxHeight: "min(30vh, 200px)", overflowY: "auto" }}>
      <Box
        role="list"
        aria-label={t("attachments.files")}
        sx={{ display: "flex", flexWrap: "wrap", gap: 1, alignItems: "center" }}
      >
        {files.map((file) => (
          <Box role="listitem" key={file.id}>
            {file.kind === "image" ? <ComposerImageThumb file={file} /> : <ComposerFileChip file={file} />}
          </Box>
        ))}
      </Box>
      {messages.map(({ id, message }) => (
        <Box key={id} role="alert" sx={{ mt: 0.75, fontSize: 13, color: "error.main" }}>
          {message}
        </Box>
      ))}
    </Box>
  );
}
