import { useMemo } from "react";
import { useParams } from "react-router-dom";
import { useStore } from "../../app/store/useStore";
import { useAgentDetails, useChatAgentId } from "../conversation/useAgentForConversation";
import { useConversation } from "../conversation/useConversation";
import { chatStore } from "../state/chatStore";
import { type UploadPolicy, uploadPolicyOf } from "./uploadRules";
import { useUploadLimits } from "./useUploadLimits";

/**
 * What the page's agent accepts (images only when its model can see them, and
 * the attachment type), from its details for the conversation, and how large a
 * file the server takes; null until both are known. Resolves the agent as the
 * chat page does (the queries are shared).
 */
export function useUploadPolicy(): UploadPolicy | null {
  const { entryGptSystemId } = useParams();
  const conversationId = useStore(chatStore, (state) => state.currentConversationId);
  const conversation = useConversation(conversationId).data;
  const { gptSystemId } = useChatAgentId(entryGptSystemId, conversation?.gptSystem.gptSystemId);
  const details = useAgentDetails(gptSystemId).data;
  const limits = useUploadLimits();
  return useMemo(() => (details && limits ? uploadPolicyOf(details, limits) : null), [details, limits]);
}
