import Box from "@mui/material/Box";
import Dialog from "@mui/material/Dialog";
import Skeleton from "@mui/material/Skeleton";
import { useTranslation } from "react-i18next";
import type { components } from "../../generated/api";
import { useVisionImageSrc } from "./fileQueries";

type VisionImage = components["schemas"]["VisionImage"];

/** Spec §9: an image preview in a message is at most 400 px high. */
const PREVIEW_MAX_HEIGHT = 400;

function FullImage({ image, alt }: { image: VisionImage; alt: string }) {
  const { t } = useTranslation();
  const full = useVisionImageSrc(image, "full");
  if (full.data)
    return (
      <img
        src={full.data}
        alt={alt}
        data-testid="image-preview"
        style={{ display: "block", maxHeight: PREVIEW_MAX_HEIGHT, maxWidth: "100%", objectFit: "contain" }}
      />
    );
  if (full.isError) return <Box sx={{ p: 3 }}>{t("attachments.imageFailed")}</Box>;
  return <Skeleton variant="rectangular" width={320} height={240} />;
}

export interface QuestionImageDialogProps {
  image: VisionImage;
  alt: string;
  open: boolean;
  onClose(): void;
}

/** A question's image opened larger (QuestionImage loads this with its first opening). */
export function QuestionImageDialog({ image, alt, open, onClose }: QuestionImageDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      maxWidth={false}
      // The dialog role is on the paper: its name goes there.
      slotProps={{ paper: { "aria-label": alt, sx: { borderRadius: 3, overflow: "hidden", m: 2 } } }}
    >
      {open && <FullImage image={image} alt={alt} />}
    </Dialog>
  );
}
