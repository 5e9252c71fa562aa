import AttachFileRoundedIcon from "@mui/icons-material/AttachFileRounded";
import IconButton from "@mui/material/IconButton";
import Tooltip from "@mui/material/Tooltip";
import { useRef } from "react";
import { useTranslation } from "react-i18next";

/** What the file picker offers: the documents the server reads, and images when the agent can see. */
const DOCUMENTS = ".pdf,.docx,.txt,.md,.markdown,.html,.htm,.csv,.json";
const IMAGES = ".png,.jpg,.jpeg,.webp,.gif";

/** The upload file button of the input bar (spec §2 tour step 3: upload, or drag and drop). */
export interface AttachButtonProps {
  disabled: boolean;
  acceptsImages: boolean;
  /** False where only images may be attached (the public chat); default true. */
  acceptsDocuments?: boolean;
  onFiles(files: File[]): void;
}

export function AttachButton({ disabled, acceptsImages, acceptsDocuments = true, onFiles }: AttachButtonProps) {
  const { t } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);
  const accept = acceptsDocuments ? (acceptsImages ? `${DOCUMENTS},${IMAGES}` : DOCUMENTS) : IMAGES;
  return (
    <>
      <Tooltip title={t(acceptsDocuments ? "attachments.attachHint" : "attachments.attachImagesHint")}>
        <span data-tour="upload-file-button">
          <IconButton
            aria-label={t(acceptsDocuments ? "attachments.attach" : "attachments.attachImages")}
            disabled={disabled}
            onClick={() => inputRef.current?.click()}
            sx={{ color: "text.secondary" }}
          >
            <AttachFileRoundedIcon fontSize="small" sx={{ transform: "rotate(45deg)" }} />
          </IconButton>
        </span>
      </Tooltip>
      <input
        ref={inputRef}
        type="file"
        multiple
        accept={accept}
        hidden
        data-testid="attach-input"
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          // Cleared, so that picking the same file again (after removing it) fires a change.
          event.target.value = "";
          if (files.length > 0) onFiles(files);
        }}
      />
    </>
  );
}
