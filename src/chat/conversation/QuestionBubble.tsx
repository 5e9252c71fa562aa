import EditOutlinedIcon from "@mui/icons-material/EditOutlined";
import Box from "@mui/material/Box";
import IconButton from "@mui/material/IconButton";
import Tooltip from "@mui/material/Tooltip";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { visuallyHidden } from "../../app/a11y/visuallyHidden";
import type { components } from "../../generated/api";
import type { QuestionAttachmentItem } from "../attachments/QuestionAttachment";
import { QuestionFiles } from "../attachments/QuestionFiles";
import { QuestionEditor } from "./QuestionEditor";
import {
  questionEditorActions,
  useQuestionEditorFocus,
  useQuestionEditorRemovedFiles,
  useQuestionEditorText,
} from "./questionEditorStore";

export interface QuestionBubbleProps {
  question: string;
  /** The images and documents asked with (the segment's visionImageFiles / attachmentFiles). */
  visionImages?: readonly components["schemas"]["VisionImage"][];
  attachments?: readonly QuestionAttachmentItem[];
  /** The question's segment: its editor is kept under this id (absent until the question is stored). */
  segmentId?: string;
  /**
   * Sends the edited question as a new branch, without the files the user took out of it (absent:
   * not editable, e.g. while an answer streams).
   */
  onEdit?: (question: string, removedFileIds: readonly string[]) => void;
}

/** The user's question, right-aligned; editing it asks again as a sibling branch (spec §2). */
export function QuestionBubble({
  question,
  visionImages = [],
  attachments = [],
  segmentId,
  onEdit,
}: QuestionBubbleProps) {
  const { t } = useTranslation();
  const editable = onEdit !== undefined && segmentId !== undefined;
  const editorText = useQuestionEditorText(editable ? segmentId : undefined);
  const editorFocus = useQuestionEditorFocus(editable ? segmentId : undefined);
  const removedFileIds = useQuestionEditorRemovedFiles(editable ? segmentId : undefined);
  // A cancelled edit gives the focus back to the Edit button (the editor took its place).
  const refocusEdit = useRef(false);
  const editing = useRef<HTMLDivElement>(null);

  if (editorText !== undefined && onEdit)
    return (
      <Box ref={editing}>
        {/* The files are asked with again; the user may take some out (the focus then goes to the text). */}
        <QuestionFiles
          visionImages={visionImages.filter((image) => !removedFileIds.includes(image.visionImageId))}
          attachments={attachments.filter((attachment) => !removedFileIds.includes(attachment.attachmentId))}
          onRemove={(fileId) => {
            questionEditorActions.removeFile(fileId);
            editing.current?.querySelector("textarea")?.focus();
          }}
        />
        <QuestionEditor
          initial={question}
          text={editorText}
          filesChanged={removedFileIds.length > 0}
          onChange={questionEditorActions.change}
          autoFocus={editorFocus}
          onFocused={questionEditorActions.focused}
          onCancel={() => {
            refocusEdit.current = true;
            questionEditorActions.close();
          }}
          onSend={(text) => {
            questionEditorActions.close();
            onEdit(text, removedFileIds);
          }}
        />
      </Box>
    );

  return (
    <Box
      sx={{
        display: "flex",
        flexWrap: "wrap",
        justifyContent: "flex-end",
        alignItems: "flex-start",
        gap: 0.5,
        "&:hover .edit-question": { opacity: 1 },
      }}
    >
      {/* Who speaks, for a screen reader (a heading per message: its H key goes from one to the next). */}
      <Box component="h2" sx={visuallyHidden}>
        {t("conversation.youSaid")}
      </Box>
      <QuestionFiles visionImages={visionImages} attachments={attachments} />
      {editable && (
        <Tooltip title={t("conversation.editQuestion")}>
          <IconButton
            ref={(button) => {
              if (button && refocusEdit.current) {
                refocusEdit.current = false;
                button.focus();
              }
            }}
            className="edit-question"
            size="small"
            aria-label={t("conversation.editQuestion")}
            onClick={() => questionEditorActions.open(segmentId, question)}
            sx={{ mt: 0.5, opacity: { xs: 1, md: 0 }, transition: "opacity .15s", "&:focus-visible": { opacity: 1 } }}
          >
            <EditOutlinedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      <Box
        data-testid="question"
        sx={{
          maxWidth: "min(85%, 640px)",
          px: 2,
          py: 1.25,
          borderRadius: "18px 18px 4px 18px",
          bgcolor: (theme) => (theme.palette.mode === "dark" ? "grey.800" : "grey.100"),
          whiteSpace: "pre-wrap",
          // Each line takes its direction from its text (Hebrew, Arabic), as an answer's blocks do.
          unicodeBidi: "plaintext",
          textAlign: "start",
          overflowWrap: "anywhere",
          fontSize: "0.96875rem",
          lineHeight: 1.6,
        }}
      >
        {question}
      </Box>
    </Box>
  );
}
