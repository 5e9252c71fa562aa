import Box from "@mui/material/Box";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { components } from "../../generated/api";
import { CornerRemoveButton } from "./CornerRemoveButton";
import { QuestionAttachment, type QuestionAttachmentItem } from "./QuestionAttachment";
import { QuestionImage } from "./QuestionImage";

export interface QuestionFilesProps {
  visionImages: readonly components["schemas"]["VisionImage"][];
  attachments: readonly QuestionAttachmentItem[];
  /** While the question is edited: leaves a file out of the edited question (by its id). */
  onRemove?: (fileId: string) => void;
}

/** The images and documents a question was asked with, above its bubble or its editor. */
export function QuestionFiles({ visionImages, attachments, onRemove }: QuestionFilesProps) {
  const { t } = useTranslation();
  if (visionImages.length === 0 && attachments.length === 0) return null;
  const item = (id: string, name: string, file: ReactNode) => (
    <Box role="listitem" key={id} sx={{ position: "relative" }}>
      {file}
      {onRemove && <CornerRemoveButton name={name} onClick={() => onRemove(id)} inset={-6} />}
    </Box>
  );
  return (
    <Box
      role="list"
      aria-label={t("attachments.questionFiles")}
      data-testid="question-files"
      sx={{ width: "100%", display: "flex", flexWrap: "wrap", justifyContent: "flex-end", gap: 1, mb: 0.5 }}
    >
      {visionImages.map((image, index) =>
        item(
          image.visionImageId,
          t("attachments.image", { index: index + 1 }),
          <QuestionImage image={image} index={index + 1} />,
        ),
      )}
      {attachments.map((attachment) =>
        item(
          attachment.attachmentId,
          attachment.originalFileName ?? t("attachments.unavailable"),
          <QuestionAttachment attachment={attachment} />,
        ),
      )}
    </Box>
  );
}
