import { QueryClient, type QueryKey } from "@tanstack/react-query";
import { afterEach, describe, expect, it } from "vitest";
import { shareListInvalidations } from "../../../../src/app/crossTabInvalidation";

const undo: (() => void)[] = [];
afterEach(() => {
  for (const stop of undo.splice(0)) stop();
});

/** A tab's query client sharing on `channel`, holding `keys` as read data. */
async function tab(channel: string, keys: QueryKey[]): Promise<QueryClient> {
  const client = new QueryClient();
  undo.push(shareListInvalidations(client, channel), () => client.clear());
  for (const queryKey of keys) await client.prefetchQuery({ queryKey, queryFn: () => "read" });
  return client;
}

/** Every message on `channel`, as another tab would receive it. */
function listen(channel: string): unknown[] {
  const heard: unknown[] = [];
  const listener = new BroadcastChannel(channel);
  listener.onmessage = (event) => heard.push(event.data);
  undo.push(() => listener.close());
  return heard;
}

const delivered = () => new Promise((resolve) => setTimeout(resolve, 50));
const invalidatedIn = (client: QueryClient, keys: QueryKey[]) =>
  keys.map((key) => client.getQueryState(key)?.isInvalidated);

describe("lists shared between the tabs of a browser", () => {
  it("invalidates in the other tab the lists one tab invalidates, and sends nothing back", async () => {
    const channel = `test-${Math.random()}`;
    const lists = [
      ["userConversations", "user-1", "history", ""],
      ["userConversations", "user-1", "archived", "report"],
    ];
    const first = await tab(channel, lists);
    const second = await tab(channel, lists);
    const heard = listen(channel);

    await first.invalidateQueries({ queryKey: ["userConversations"] });
    await delivered();

    expect(invalidatedIn(second, lists)).toEqual([true, true]);
    expect(heard).toEqual([["userConversations"]]);
  });

  it("shares the user's agent lists and prompts and what the chat shows of an agent, not one conversation nor admin data", async () => {
    const channel = `test-${Math.random()}`;
    const keys = [
      ["currentUser", "user-1", "gptSystems", "pinned"],
      ["currentUser", "user-1", "userPrompts"],
      ["gptSystemForConversation", "a-1", "details"],
      ["gptSystemAvatar", "a-1"],
      ["userConversation", "c-1"],
      ["adminGptSystems", "a-1"],
    ];
    const first = await tab(channel, keys);
    const second = await tab(channel, keys);

    for (const queryKey of keys) await first.invalidateQueries({ queryKey });
    await delivered();

    expect(invalidatedIn(first, keys)).toEqual([true, true, true, true, true, true]);
    expect(invalidatedIn(second, keys)).toEqual([true, true, true, true, false, false]);
  });
});
