import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderHook } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import type { ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { useAvatar } from "../../../../src/admin/resources/gptSystems/gptSystemApi";
import { conversationKeys } from "../../../../src/chat/conversation/conversationKeys";
import { chatQueryKeys } from "../../../../src/chat/queries/chatQueryKeys";
import { API } from "../../utils/handlers";
import { signInForTest } from "../../utils/renderApp";
import { server } from "../../utils/server";

const AGENT = "00000000-0000-4000-8000-0000000000a1";
const USER = "00000000-0000-4000-8000-000000000001"; // the test token's subject

describe("an agent changed in the administration", () => {
  it.each([
    ["uploaded", "upload"],
    ["removed", "remove"],
  ] as const)("shows the chat its avatar %s, its details and its place in the lists afresh", async (_, change) => {
    signInForTest();
    server.use(
      http.post(`${API}/admin/gptSystems/:gptSystemId/avatar`, () => HttpResponse.json({ gptSystemId: AGENT })),
      http.delete(`${API}/admin/gptSystems/:gptSystemId/avatar`, () => HttpResponse.json({ gptSystemId: AGENT })),
    );
    const client = new QueryClient();
    const chatKeys = [
      chatQueryKeys.agentAvatar(AGENT),
      conversationKeys.agentDetails(AGENT),
      chatQueryKeys.availableAgents(USER),
      chatQueryKeys.pinnedAgents(USER),
    ];
    for (const key of chatKeys) client.setQueryData(key, "as read before");
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useAvatar(AGENT), { wrapper });

    if (change === "upload") await result.current.upload.mutateAsync({ mimeType: "image/png", base64: "iVBORw0KGgo=" });
    else await result.current.remove.mutateAsync();

    expect(chatKeys.map((key) => client.getQueryState(key)?.isInvalidated)).toEqual([true, true, true, true]);
  });
});
