import BrokenImageOutlinedIcon from "@mui/icons-material/BrokenImageOutlined";
import Box from "@mui/material/Box";
import ButtonBase from "@mui/material/ButtonBase";
import Dialog from "@mui/material/Dialog";
import Skeleton from "@mui/material/Skeleton";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { components } from "../../generated/api";
import { useVisionImageSrc } from "./fileQueries";

type VisionImage = components["schemas"]["VisionImage"];

/** Spec §9: an image preview in a message is at most 400 px high. */
const PREVIEW_MAX_HEIGHT = 400;
const THUMB_SIZE = 96;

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

/** One of a question's images (its file names come with the segment): its thumbnail, opened larger on click. */
export function QuestionImage({ image, index }: { image: VisionImage; index: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const thumbnail = useVisionImageSrc(image, "thumbnail");
  const alt = t("attachments.image", { index });
  return (
    <>
      <ButtonBase
        aria-label={t("attachments.openImage", { index })}
        onClick={() => setOpen(true)}
        sx={{
          width: THUMB_SIZE,
          height: THUMB_SIZE,
          borderRadius: 3,
          overflow: "hidden",
          border: 1,
          borderColor: "divider",
        }}
      >
        {thumbnail.data ? (
          <img
            src={thumbnail.data}
            alt={alt}
            data-testid="question-image"
            style={{ width: "100%", height: "100%", objectFit: "cover", display: "block" }}
          />
        ) : thumbnail.isError ? (
          <BrokenImageOutlinedIcon aria-label={t("attachments.imageFailed")} sx={{ color: "text.secondary" }} />
        ) : (
          <Skeleton variant="rectangular" width={THUMB_SIZE} height={THUMB_SIZE} />
        )}
      </ButtonBase>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        maxWidth={false}
        // The dialog role is on the paper: its name goes there.
        slotProps={{ paper: { "aria-label": alt, sx: { borderRadius: 3, overflow: "hidden", m: 2 } } }}
      >
        {open && <FullImage image={image} alt={alt} />}
      </Dialog>
    </>
  );
}
