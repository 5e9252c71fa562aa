import Box from "@mui/material/Box";
import { useTranslation } from "react-i18next";
import type { components } from "../../generated/api";
import { QuestionAttachment, type QuestionAttachmentItem } from "./QuestionAttachment";
import { QuestionImage } from "./QuestionImage";

export interface QuestionFilesProps {
  visionImages: readonly components["schemas"]["VisionImage"][];
  attachments: readonly QuestionAttachmentItem[];
}

/** The images and documents a question was asked with, above its bubble. */
export function QuestionFiles({ visionImages, attachments }: QuestionFilesProps) {
  const { t } = useTranslation();
  if (visionImages.length === 0 && attachments.length === 0) return null;
  return (
    <Box
      role="list"
      aria-label={t("attachments.questionFiles")}
      data-testid="question-files"
      sx={{ width: "100%", display: "flex", flexWrap: "wrap", justifyContent: "flex-end", gap: 1, mb: 0.5 }}
    >
      {visionImages.map((image, index) => (
        <Box role="listitem" key={image.visionImageId}>
          <QuestionImage image={image} index={index + 1} />
        </Box>
      ))}
      {attachments.map((attachment) => (
        <Box role="listitem" key={attachment.attachmentId}>
          <QuestionAttachment attachment={attachment} />
        </Box>
      ))}
    </Box>
  );
}
