import { useTranslation } from "react-i18next";
import type { components } from "../../generated/api";
import { useAttachmentDetails } from "./fileQueries";
import { FileChipBody } from "./FileChipBody";
import { formatFileSize } from "./formatFileSize";

/** A segment's attachment (attachmentFiles), or only its id while the question streams. */
export type QuestionAttachmentItem = Pick<components["schemas"]["SegmentAttachmentFile"], "attachmentId"> &
  Partial<components["schemas"]["SegmentAttachmentFile"]>;

/**
 * A document a question was asked with: its name and size (from the segment,
 * at once), and its indexing status when that is not Online.
 */
export function QuestionAttachment({ attachment }: { attachment: QuestionAttachmentItem }) {
  const { t } = useTranslation();
  const query = useAttachmentDetails(attachment.attachmentId);
  const details = query.data;
  const name = details?.originalFileName ?? attachment.originalFileName;
  const byteSize = details?.byteSize ?? attachment.byteSize;
  if (name === undefined || byteSize === undefined) {
    if (query.isError) return <FileChipBody name={t("attachments.unavailable")} detail="" failed />;
    return <FileChipBody name="…" detail="" />;
  }
  const status = !details || details.status === "Online" ? "" : ` · ${t(`attachments.status.${details.status}`)}`;
  return (
    <FileChipBody name={name} detail={`${formatFileSize(byteSize)}${status}`} failed={details?.status === "Error"} />
  );
}
