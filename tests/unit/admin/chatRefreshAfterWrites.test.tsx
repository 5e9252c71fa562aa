import { QueryClient, QueryClientProvider, useMutation } from "@tanstack/react-query";
import { renderHook, waitFor } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import type { ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { useChatRefreshAfterAdminWrites } from "../../../src/admin/chatRefreshAfterWrites";
import { useAvatar } from "../../../src/admin/resources/gptSystems/gptSystemApi";
import { conversationKeys } from "../../../src/chat/conversation/conversationKeys";
import { chatQueryKeys } from "../../../src/chat/queries/chatQueryKeys";
import { API } from "../utils/handlers";
import { server } from "../utils/server";

const AGENT = "00000000-0000-4000-8000-0000000000a1";
const USER = "00000000-0000-4000-8000-000000000001";

/** What the chat has read, then the administration's hooks (as RegistryAdmin mounts them) on the same client. */
function adminOver(chatKeys: readonly (readonly unknown[])[]) {
  const client = new QueryClient();
  for (const key of chatKeys) client.setQueryData(key, "as read before");
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(
    () => {
      useChatRefreshAfterAdminWrites();
      return {
        avatar: useAvatar(AGENT),
        // A react-admin save or delete is a mutation of the same client.
        save: useMutation({
          mutationFn: async (fail: boolean) => (fail ? Promise.reject(new Error("refused")) : "saved"),
        }),
      };
    },
    { wrapper },
  );
  const invalidated = () => chatKeys.map((key) => client.getQueryState(key)?.isInvalidated);
  return { result, invalidated, client };
}

const CHAT_KEYS = [
  chatQueryKeys.agentAvatar(AGENT),
  conversationKeys.agentDetails(AGENT),
  conversationKeys.agentPrompts(AGENT),
  chatQueryKeys.availableAgents(USER),
  chatQueryKeys.pinnedAgents(USER),
];

describe("the chat after an administrator's write", () => {
  it.each(["upload", "remove"] as const)(
    "reads again what it shows of agents once an avatar's %s is done",
    async (change) => {
      server.use(
        http.post(`${API}/admin/gptSystems/:gptSystemId/avatar`, () => HttpResponse.json({ gptSystemId: AGENT })),
        http.delete(`${API}/admin/gptSystems/:gptSystemId/avatar`, () => HttpResponse.json({ gptSystemId: AGENT })),
      );
      const { result, invalidated } = adminOver(CHAT_KEYS);
      if (change === "upload")
        await result.current.avatar.upload.mutateAsync({ mimeType: "image/png", base64: "iVBORw0KGgo=" });
      else await result.current.avatar.remove.mutateAsync();
      expect(invalidated()).toEqual([true, true, true, true, true]);
    },
  );

  it("reads it again after any other save, not after a refused one, and leaves the conversations alone", async () => {
    const conversationList = chatQueryKeys.conversationList(USER, "history", "");
    const { result, invalidated, client } = adminOver([...CHAT_KEYS, conversationList]);
    await expect(result.current.save.mutateAsync(true)).rejects.toThrow("refused");
    expect(invalidated()).toEqual([false, false, false, false, false, false]);
    await result.current.save.mutateAsync(false);
    await waitFor(() => expect(invalidated()).toEqual([true, true, true, true, true, false]));
    expect(client.getQueryState(conversationList)?.isInvalidated).toBe(false);
  });
});
