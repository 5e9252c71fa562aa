import CloseRoundedIcon from "@mui/icons-material/CloseRounded";
import Box from "@mui/material/Box";
import IconButton from "@mui/material/IconButton";
import LinearProgress from "@mui/material/LinearProgress";
import { useTranslation } from "react-i18next";
import type { components } from "../../generated/api";
import { removeFromComposer, type ComposerFile } from "./composerFilesStore";
import { FileChipBody } from "./FileChipBody";
import { useAttachmentDetails } from "./fileQueries";
import { formatFileSize } from "./formatFileSize";

/** The indexing status of an uploaded document, followed until it is searchable (or failed). */
function IndexingStatus({
  attachmentId,
  initial,
}: {
  attachmentId: string;
  initial: components["schemas"]["AttachmentStatus"];
}) {
  const { t } = useTranslation();
  const details = useAttachmentDetails(attachmentId, true).data;
  return <>{t(`attachments.status.${details?.status ?? initial}`)}</>;
}

/** A document in the composer: name, size, upload progress or indexing status, and a remove button. */
export function ComposerFileChip({ file }: { file: ComposerFile }) {
  const { t } = useTranslation();
  const status =
    file.status === "uploading" ? (
      t("attachments.uploading", { percent: Math.round(file.progress * 100) })
    ) : file.status === "failed" ? (
      t("attachments.status.failed")
    ) : file.attachment ? (
      <IndexingStatus attachmentId={file.attachment.attachmentId} initial={file.attachment.status} />
    ) : null;
  return (
    <Box sx={{ position: "relative" }}>
      <FileChipBody
        name={file.name}
        detail={
          <>
            {file.size > 0 && `${formatFileSize(file.size)} · `}
            {status}
          </>
        }
        failed={file.status === "failed"}
        action={
          <IconButton
            size="small"
            aria-label={t("attachments.remove", { name: file.name })}
            onClick={(event) => removeFromComposer(event.currentTarget, file.id)}
            sx={{ ml: 0.25 }}
          >
            <CloseRoundedIcon fontSize="small" />
          </IconButton>
        }
      />
      {file.status === "uploading" && (
        <LinearProgress
          variant="determinate"
          value={file.progress * 100}
          aria-label={t("attachments.uploadingImage", { name: file.name })}
          sx={{ position: "absolute", left: 10, right: 10, bottom: 3, height: 3, borderRadius: 2 }}
        />
      )}
    </Box>
  );
}
