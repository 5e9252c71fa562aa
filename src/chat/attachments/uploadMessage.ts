import type { TFunction } from "i18next";
import type { ComposerFile } from "./composerFilesStore";
import { formatFileSize } from "./formatFileSize";
import { MAX_FILES_PER_QUESTION, MAX_IMAGES_PER_QUESTION } from "./uploadRules";

/** The sentence telling why a file of the composer was refused or failed; null when it did not. */
export function uploadMessage(t: TFunction, file: ComposerFile, agentName: string): string | null {
  const name = file.name;
  const { refusal, failure } = file;
  if (refusal) {
    switch (refusal.reason) {
      case "tooLarge":
        return t("attachments.refusal.tooLarge", {
          name,
          size: formatFileSize(file.size),
          limit: formatFileSize(refusal.limit),
        });
      case "imagesNotAccepted":
        return t("attachments.refusal.imagesNotAccepted", { name, agent: agentName });
      case "tooManyImages":
        return t("attachments.refusal.tooManyImages", { name, count: MAX_IMAGES_PER_QUESTION });
      case "tooManyFiles":
        return t("attachments.refusal.tooManyFiles", { name, count: MAX_FILES_PER_QUESTION });
      default:
        return t(`attachments.refusal.${refusal.reason}`, { name });
    }
  }
  if (!failure) return null;
  if (failure.type === "problem") return t("attachments.failure.problem", { name, message: failure.message });
  if (failure.type === "busy") return t("attachments.failure.busy", { name });
  if (failure.type === "http") return t("attachments.failure.http", { name, status: failure.status });
  return t("attachments.failure.network", { name });
}
