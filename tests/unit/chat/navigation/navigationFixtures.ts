import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import type { components } from "../../../../src/generated/api";
import { assistantAgent } from "../../utils/fixtures";
import { API } from "../../utils/handlers";
import { server } from "../../utils/server";

type Schemas = components["schemas"];
export type ConversationSummary = Schemas["ConversationSummary"];
export type GptSystemSummary = Schemas["GptSystemSummary"];

let counter = 0;

/** A conversation as GET /userConversations lists it. */
export function conversation(
  title: string,
  updatedAt: Date | string,
  overrides: Partial<ConversationSummary> = {},
): ConversationSummary {
  counter += 1;
  const iso = typeof updatedAt === "string" ? updatedAt : updatedAt.toISOString();
  return {
    conversationId: `00000000-0000-4000-8000-${String(counter).padStart(12, "0")}`,
    title,
    createdAt: iso,
    updatedAt: iso,
    gptSystem: {
      gptSystemId: assistantAgent.gptSystemId,
      name: assistantAgent.name,
      gptSystemType: "System",
      moderationStatus: null,
      ownership: { ownerIsCurrentUser: false },
    },
    isArchived: false,
    isDeleted: false,
    moderationStatus: null,
    ownership: { ownerIsCurrentUser: true },
    ...overrides,
  };
}

export function agent(name: string, overrides: Partial<GptSystemSummary> = {}): GptSystemSummary {
  counter += 1;
  return {
    ...assistantAgent,
    gptSystemId: `00000000-0000-4000-8000-${String(counter).padStart(12, "0")}`,
    name,
    ...overrides,
  };
}

/** A date `days` calendar days before now, at noon local time. */
export function daysAgo(days: number, now = new Date()): Date {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() - days, 12, 0, 0);
}

export interface ListRequest {
  search: string | null;
  continuationToken: string | null;
}

/**
 * Serves History and Archived from arrays the test can change (as the real
 * server would after archive, delete, rename), filtering by `search` the way
 * the server does, and records each request.
 */
export function serveConversationLists(history: ConversationSummary[], archived: ConversationSummary[] = []) {
  const requests: { history: ListRequest[]; archived: ListRequest[] } = { history: [], archived: [] };
  const answer =
    (items: ConversationSummary[], log: ListRequest[]) =>
    ({ request }: { request: Request }) => {
      const params = new URL(request.url).searchParams;
      const search = params.get("search");
      log.push({ search, continuationToken: params.get("continuationToken") });
      const matching = search ? items.filter((item) => item.title.toLowerCase().includes(search.toLowerCase())) : items;
      return HttpResponse.json({ items: matching, continuationToken: null });
    };
  server.use(
    http.get(`${API}/userConversations`, answer(history, requests.history)),
    http.get(`${API}/userConversations/archived`, answer(archived, requests.archived)),
  );
  return requests;
}

/** Opens the (initially mini) desktop navigation and returns it once its panel has loaded. */
export async function openNavigation(user = userEvent.setup()) {
  await user.click(await screen.findByRole("button", { name: "Expand navigation" }));
  const navigation = screen.getByRole("navigation", { name: "Chat navigation" });
  await within(navigation).findByRole("tab", { name: "Chats" });
  return navigation;
}

export function historyList(navigation: HTMLElement) {
  return within(navigation).findByRole("list", { name: "Conversations" });
}

/**
 * jsdom lays nothing out, so every element is 0 px high and a virtual list
 * would show no rows: give elements a viewport height while a test runs.
 */
export function stubViewportHeight(height = 600): () => void {
  Object.defineProperty(HTMLElement.prototype, "clientHeight", { configurable: true, get: () => height });
  return () => {
    delete (HTMLElement.prototype as { clientHeight?: number }).clientHeight;
  };
}
