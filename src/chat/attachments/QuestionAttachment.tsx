import { useTranslation } from "react-i18next";
import { useAttachmentDetails } from "./fileQueries";
import { FileChipBody } from "./FileChipBody";
import { formatFileSize } from "./formatFileSize";

/** A document a question was asked with: its name and size (read back by id, so also after a reload). */
export function QuestionAttachment({ attachmentId }: { attachmentId: string }) {
  const { t } = useTranslation();
  const query = useAttachmentDetails(attachmentId);
  const details = query.data;
  if (query.isError) return <FileChipBody name={t("attachments.unavailable")} detail="" failed />;
  if (!details) return <FileChipBody name="…" detail="" />;
  const status = details.status === "Online" ? "" : ` · ${t(`attachments.status.${details.status}`)}`;
  return (
    <FileChipBody
      name={details.originalFileName}
      detail={`${formatFileSize(details.byteSize)}${status}`}
      failed={details.status === "Error"}
    />
  );
}
