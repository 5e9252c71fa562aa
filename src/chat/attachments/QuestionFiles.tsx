import Box from "@mui/material/Box";
import { useTranslation } from "react-i18next";
import { QuestionAttachment } from "./QuestionAttachment";
import { QuestionImage } from "./QuestionImage";

export interface QuestionFilesProps {
  visionImageIds: readonly string[];
  attachmentIds: readonly string[];
}

/** The images and documents a question was asked with, above its bubble. */
export function QuestionFiles({ visionImageIds, attachmentIds }: QuestionFilesProps) {
  const { t } = useTranslation();
  if (visionImageIds.length === 0 && attachmentIds.length === 0) return null;
  return (
    <Box
      role="list"
      aria-label={t("attachments.questionFiles")}
      data-testid="question-files"
      sx={{ width: "100%", display: "flex", flexWrap: "wrap", justifyContent: "flex-end", gap: 1, mb: 0.5 }}
    >
      {visionImageIds.map((id, index) => (
        <Box role="listitem" key={id}>
          <QuestionImage visionImageId={id} index={index + 1} />
        </Box>
      ))}
      {attachmentIds.map((id) => (
        <Box role="listitem" key={id}>
          <QuestionAttachment attachmentId={id} />
        </Box>
      ))}
    </Box>
  );
}
