import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { API } from "../../utils/handlers";
import { renderApp, signInForTest } from "../../utils/renderApp";
import { server } from "../../utils/server";
import { agent } from "./navigationFixtures";

vi.setConfig({ testTimeout: 20_000 });

describe("/chat/agents: Discover Intelligent Agents", () => {
  // The page loads on demand: compile it once up front, so that the first test's waits measure the page.
  beforeAll(() => import("../../../../src/chat/pages/AgentsDirectoryPage"));

  it("shows the directory as cards and filters them", async () => {
    const writer = agent("Writer", { description: "Drafts and edits long documents." });
    server.use(
      http.get(`${API}/gptSystems/directory/System`, () =>
        HttpResponse.json([writer, agent("Analyst", { description: "Reads spreadsheets." })]),
      ),
    );
    signInForTest();
    const { router } = renderApp("/chat/agents");
    expect(await screen.findByRole("heading", { level: 1, name: "Discover Intelligent Agents" })).toBeInTheDocument();
    const grid = await screen.findByRole("list", { name: "Discover Intelligent Agents" });
    expect(within(grid).getAllByRole("article")).toHaveLength(2);
    expect(screen.getByText("2 agents")).toBeInTheDocument();

    await userEvent.type(screen.getByRole("searchbox", { name: "Filter agents" }), "DOCUMENT");
    expect(within(grid).getAllByRole("article")).toHaveLength(1);
    expect(within(grid).getByRole("heading", { name: "Writer" })).toBeInTheDocument();

    await userEvent.click(within(grid).getByRole("button", { name: "Chat with Writer" }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/chat/${writer.gptSystemId}`));
  });

  it("says when nothing matches the filter", async () => {
    signInForTest();
    renderApp("/chat/agents");
    await screen.findByRole("heading", { name: "Assistant" });
    await userEvent.type(screen.getByRole("searchbox", { name: "Filter agents" }), "zebra");
    expect(screen.getByText("No agents match “zebra”.")).toBeInTheDocument();
  });

  it("says the filter's result in one status that is always there: the count, or that nothing matches", async () => {
    server.use(
      http.get(`${API}/gptSystems/directory/System`, () => HttpResponse.json([agent("Writer"), agent("Analyst")])),
    );
    signInForTest();
    renderApp("/chat/agents");
    await screen.findByRole("heading", { name: "Writer" });
    const section = screen.getByRole("region", { name: "System Agents" });
    const [status, ...others] = within(section).getAllByRole("status");
    expect(others).toEqual([]);
    expect(status).toHaveTextContent(/^2 agents$/);
    const filter = screen.getByRole("searchbox", { name: "Filter agents" });

    await userEvent.type(filter, "zebra");
    // The same element: a status put into the page with its text is not read by every screen reader.
    expect(status).toHaveTextContent(/^No agents match “zebra”\.$/);
    expect(within(section).getAllByRole("status")).toEqual([status]);
    expect(within(section).queryByRole("list")).not.toBeInTheDocument();
    await userEvent.clear(filter);
    await userEvent.type(filter, "writ");
    expect(status).toHaveTextContent(/^1 agent$/);
  });

  it("takes a keyboard user from 'Chat with' to the message box of the agent's chat", async () => {
    const writer = agent("Writer");
    server.use(http.get(`${API}/gptSystems/directory/System`, () => HttpResponse.json([writer])));
    signInForTest();
    const { router } = renderApp("/chat/agents");
    (await screen.findByRole("button", { name: "Chat with Writer" })).focus();
    await userEvent.keyboard("{Enter}");
    await waitFor(() => expect(router.state.location.pathname).toBe(`/chat/${writer.gptSystemId}`));
    // Not the page's body: the card pressed went away with the directory.
    await waitFor(() => expect(screen.getByRole("textbox", { name: "Message" })).toHaveFocus());
  });

  it("has an empty state", async () => {
    server.use(http.get(`${API}/gptSystems/directory/System`, () => HttpResponse.json([])));
    signInForTest();
    renderApp("/chat/agents");
    expect(await screen.findByText("No agents are available yet.")).toBeInTheDocument();
  });

  it("pins from a card without a success toast", async () => {
    let pinned = false;
    const writer = agent("Writer");
    server.use(
      http.get(`${API}/gptSystems/directory/System`, () => HttpResponse.json([{ ...writer, isPinned: pinned }])),
      http.post(`${API}/CurrentUser/pinnedGptSystem/:gptSystemId`, () => {
        pinned = true;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    signInForTest();
    renderApp("/chat/agents");
    const card = (await screen.findByRole("heading", { name: "Writer" })).closest("article")!;
    await userEvent.click(within(card).getByRole("button", { name: "Pin Writer" }));
    await waitFor(() =>
      expect(within(card).getByRole("button", { name: "Pin Writer" })).toHaveAttribute("aria-pressed", "true"),
    );
    expect(screen.queryByText("Agent pinned")).not.toBeInTheDocument();
  });
});
