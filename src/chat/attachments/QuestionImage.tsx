import BrokenImageOutlinedIcon from "@mui/icons-material/BrokenImageOutlined";
import ButtonBase from "@mui/material/ButtonBase";
import Skeleton from "@mui/material/Skeleton";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { lazyNamed } from "../../app/lazy/lazyNamed";
import { preloadOnIntent } from "../../app/lazy/preloadOnIntent";
import { MountOnceOpened } from "../../app/lazy/MountOnceOpened";
import type { components } from "../../generated/api";
import { useVisionImageSrc } from "./fileQueries";

type VisionImage = components["schemas"]["VisionImage"];

const THUMB_SIZE = 96;

// The modal (Dialog and its transitions) loads with the first image opened.
const QuestionImageDialog = lazyNamed(() => import("./QuestionImageDialog"), "QuestionImageDialog");

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
        {...preloadOnIntent(QuestionImageDialog)}
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
      <MountOnceOpened open={open}>
        <QuestionImageDialog image={image} alt={alt} open={open} onClose={() => setOpen(false)} />
      </MountOnceOpened>
    </>
  );
}
