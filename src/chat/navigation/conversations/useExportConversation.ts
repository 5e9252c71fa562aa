import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { api, unwrap } from "../../../app/api/client";
import { showToast } from "../../../app/toast/toastStore";
import { downloadText } from "./downloadText";
import { exportFileName } from "./exportFileName";

export interface ExportVariables {
  conversationId: string;
  title: string;
}

/** GET .../export and save it as "<title>.txt" (spec §5). */
export function useExportConversation() {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: async ({ conversationId, title }: ExportVariables) => {
      const text = await unwrap(
        api.GET("/userConversations/{conversationId}/export", {
          params: { path: { conversationId } },
          parseAs: "text",
        }),
      );
      downloadText(text, exportFileName(title));
    },
    onError: () => showToast(t("conversations.exportFailed"), "error"),
  });
}
