import ImageOutlinedIcon from "@mui/icons-material/ImageOutlined";
import Box from "@mui/material/Box";
import CircularProgress from "@mui/material/CircularProgress";
import { useTranslation } from "react-i18next";
import { removeFromComposer, type ComposerFile } from "./composerFilesStore";
import { CornerRemoveButton } from "./CornerRemoveButton";
import { useVisionImageSrc } from "./fileQueries";

const SIZE = 64;
/** Before the upload answers (the query is then off). */
const NO_IMAGE = { visionImageId: "", blobFileName: "", thumbnailBlobFileName: "", mimeType: "" };

/** The picture itself: the local file while it uploads, else the server's thumbnail. */
function Picture({ file }: { file: ComposerFile }) {
  const image = file.visionImage ?? NO_IMAGE;
  const thumbnail = useVisionImageSrc(image, "thumbnail", file.previewUrl === null && file.visionImage !== null);
  const src = file.previewUrl ?? thumbnail.data;
  if (!src)
    return (
      <Box sx={{ display: "grid", placeItems: "center", width: 1, height: 1, color: "text.secondary" }}>
        <ImageOutlinedIcon />
      </Box>
    );
  return (
    <img src={src} alt={file.name} style={{ width: "100%", height: "100%", objectFit: "cover", display: "block" }} />
  );
}

/** An image in the composer: thumbnail, upload progress, remove button. */
export function ComposerImageThumb({ file }: { file: ComposerFile }) {
  const { t } = useTranslation();
  const failed = file.status === "failed";
  return (
    <Box
      role="group"
      aria-label={file.name}
      data-testid="image-thumbnail"
      data-status={file.status}
      sx={{
        position: "relative",
        width: SIZE,
        height: SIZE,
        flexShrink: 0,
        borderRadius: 2.5,
        overflow: "hidden",
        border: failed ? 2 : 1,
        borderColor: failed ? "error.main" : "divider",
        bgcolor: "action.hover",
      }}
    >
      <Picture file={file} />
      {file.status === "uploading" && (
        <Box
          sx={{
            position: "absolute",
            inset: 0,
            display: "grid",
            placeItems: "center",
            bgcolor: "rgba(255,255,255,.55)",
          }}
        >
          <CircularProgress
            variant={file.progress > 0 ? "determinate" : "indeterminate"}
            value={file.progress * 100}
            size={28}
            thickness={5}
            aria-label={t("attachments.uploadingImage", { name: file.name })}
          />
        </Box>
      )}
      <CornerRemoveButton
        name={file.name}
        onClick={(event) => removeFromComposer(event.currentTarget, file.id)}
        inset={2}
      />
    </Box>
  );
}
