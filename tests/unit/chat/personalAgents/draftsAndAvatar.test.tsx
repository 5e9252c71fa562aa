/** Deleting a draft from /chat/agents (with its confirmation) and removing a custom avatar on 'Edit Personal Agent'. */
import { configure, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { API } from "../../utils/handlers";
import { renderApp, signInForTest } from "../../utils/renderApp";
import { server } from "../../utils/server";
import { CONFIG_ID, personalConfig, problemResponse, serveEditPage, type Config } from "./personalAgentFixtures";

configure({ asyncUtilTimeout: 10_000 });

const draftOfPublished = personalConfig({ version: 2, gptSystemStatus: "Active" });
const neverPublished = personalConfig({
  configStateId: "00000000-0000-4000-8000-0000000000e3",
  gptSystemId: "00000000-0000-4000-8000-0000000000e4",
  gptSystemName: "Half done",
});

/** Drafts served from a list the DELETE handler shrinks, as the server would; returns the deleted ids. */
function serveDrafts(drafts: Config[], answer?: () => Response) {
  let current = drafts;
  const deleted: string[] = [];
  server.use(
    http.get(`${API}/gptSystems/directory/Personal/ConfigStates`, () => HttpResponse.json(current)),
    http.delete(`${API}/configStates/:configStateId`, ({ params }) => {
      const failure = answer?.();
      if (failure) return failure;
      deleted.push(params.configStateId as string);
      current = current.filter((d) => d.configStateId !== params.configStateId);
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return deleted;
}

async function openDeleteDialog(name: string) {
  const drafts = await screen.findByRole("list", { name: "Drafts" });
  await userEvent.click(within(drafts).getByRole("button", { name: `Delete draft: ${name}` }));
  return screen.findByRole("dialog");
}

describe("/chat/agents: deleting a draft", { timeout: 30_000 }, () => {
  it("discards the draft of a published agent after confirmation, saying the published agent stays", async () => {
    const deleted = serveDrafts([draftOfPublished, neverPublished]);
    signInForTest();
    renderApp("/chat/agents");
    const dialog = await openDeleteDialog("Trip planner");
    expect(within(dialog).getByRole("heading", { name: "Discard this draft?" })).toBeInTheDocument();
    expect(dialog).toHaveTextContent(
      "Your unpublished changes to “Trip planner” (version 2) will be lost. The published agent keeps answering as it does now.",
    );
    await userEvent.click(within(dialog).getByRole("button", { name: "Discard draft" }));
    expect(await screen.findByText("Draft discarded")).toBeInTheDocument();
    expect(deleted).toEqual([CONFIG_ID]);
    const drafts = screen.getByRole("list", { name: "Drafts" });
    await waitFor(() => expect(within(drafts).queryByText("Trip planner")).not.toBeInTheDocument());
    expect(within(drafts).getByRole("heading", { name: "Half done" })).toBeInTheDocument();
  });

  it("warns that the draft of an agent never published deletes the agent, and Cancel keeps it", async () => {
    const deleted = serveDrafts([neverPublished]);
    signInForTest();
    renderApp("/chat/agents");
    let dialog = await openDeleteDialog("Half done");
    expect(within(dialog).getByRole("heading", { name: "Delete this agent?" })).toBeInTheDocument();
    expect(dialog).toHaveTextContent("“Half done” has never been published: deleting its draft deletes the agent.");
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(deleted).toEqual([]);

    dialog = await openDeleteDialog("Half done");
    await userEvent.click(within(dialog).getByRole("button", { name: "Delete agent" }));
    expect(await screen.findByText("Agent deleted")).toBeInTheDocument();
    expect(deleted).toEqual([neverPublished.configStateId]);
    await waitFor(() => expect(screen.queryByRole("heading", { name: "Drafts" })).not.toBeInTheDocument());
  });

  it("shows the server's refusal and keeps the draft", async () => {
    serveDrafts([draftOfPublished], () =>
      problemResponse(409, "The published configuration cannot be discarded: delete the agent instead."),
    );
    signInForTest();
    renderApp("/chat/agents");
    const dialog = await openDeleteDialog("Trip planner");
    await userEvent.click(within(dialog).getByRole("button", { name: "Discard draft" }));
    expect(
      await screen.findByText(
        "Failed to delete the draft: The published configuration cannot be discarded: delete the agent instead.",
      ),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(within(screen.getByRole("list", { name: "Drafts" })).getByText("Trip planner")).toBeInTheDocument();
  });
});

describe("Edit Personal Agent: removing the avatar", { timeout: 30_000 }, () => {
  it("offers Remove avatar only for an uploaded one, and goes back to the identicon", async () => {
    let config: Config = { ...draftOfPublished, hasCustomAvatar: true };
    const removed: string[] = [];
    serveEditPage(() => config);
    server.use(
      http.delete(`${API}/configStates/:configStateId/avatar`, ({ params }) => {
        removed.push(params.configStateId as string);
        config = { ...config, hasCustomAvatar: false };
        return new HttpResponse(null, { status: 204 });
      }),
    );
    signInForTest();
    renderApp(`/chat/agents/configstate/${CONFIG_ID}/edit`);
    await userEvent.click(await screen.findByRole("button", { name: "Remove avatar" }));
    expect(await screen.findByText("Avatar removed")).toBeInTheDocument();
    expect(removed).toEqual([CONFIG_ID]);
    // The configuration is fetched again: with the identicon back, there is nothing left to remove.
    await waitFor(() => expect(screen.queryByRole("button", { name: "Remove avatar" })).not.toBeInTheDocument());
    expect(screen.getByRole("button", { name: "Upload avatar" })).toBeInTheDocument();
  });

  it("shows the server's refusal", async () => {
    serveEditPage(() => ({ ...draftOfPublished, hasCustomAvatar: true }));
    server.use(
      http.delete(`${API}/configStates/:configStateId/avatar`, () =>
        problemResponse(403, "You are blocked from creating agents."),
      ),
    );
    signInForTest();
    renderApp(`/chat/agents/configstate/${CONFIG_ID}/edit`);
    await userEvent.click(await screen.findByRole("button", { name: "Remove avatar" }));
    expect(
      await screen.findByText("Failed to remove the avatar: You are blocked from creating agents."),
    ).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Remove avatar" })).toBeInTheDocument();
  });
});
