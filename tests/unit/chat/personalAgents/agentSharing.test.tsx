import { configure, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import { describe, expect, it, vi } from "vitest";
import { avatarForm } from "../../../../src/chat/personalAgents/useUploadAgentAvatar";
import { shareLinkOf } from "../../../../src/chat/personalAgents/useAgentSharing";
import { assistantAgent } from "../../utils/fixtures";
import { API } from "../../utils/handlers";
import { renderApp, signInForTest } from "../../utils/renderApp";
import { server } from "../../utils/server";
import { agent, openNavigation } from "../navigation/navigationFixtures";
import { AGENT_ID, CONFIG_ID, personalConfig, problemResponse, serveEditPage, type Config } from "./personalAgentFixtures";

configure({ asyncUtilTimeout: 10_000 });

const published = personalConfig({ isPublished: true, gptSystemStatus: "Active" });

describe("/chat/agents: the personal sections", { timeout: 30_000 }, () => {
  it("lists my agents, those shared with me (filtered) and my drafts, above the System agents", async () => {
    const mine = agent("My tutor", { gptSystemType: "User", ownership: { ownerIsCurrentUser: true } });
    const shared = [
      agent("Colleague's writer", { gptSystemType: "User", ownership: { ownerIsCurrentUser: false } }),
      agent("Colleague's analyst", { gptSystemType: "User", ownership: { ownerIsCurrentUser: false } }),
    ];
    const draft: Config = {
      ...published,
      isPublished: false,
      gptSystemStatus: "Draft",
      gptSystemName: "Half done",
      version: 3,
    };
    server.use(
      http.get(`${API}/gptSystems/directory/Personal/Mine`, () => HttpResponse.json([mine])),
      http.get(`${API}/gptSystems/directory/Personal/SharedWithMe`, () => HttpResponse.json(shared)),
      http.get(`${API}/gptSystems/directory/Personal/ConfigStates`, () => HttpResponse.json([draft])),
    );
    signInForTest();
    const { router } = renderApp("/chat/agents");

    const headings = await screen.findAllByRole("heading", { level: 2 });
    await waitFor(() =>
      expect(screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent)).toEqual([
        "My Personal Agents",
        "Shared with me",
        "Drafts",
        "System Agents",
      ]),
    );
    expect(headings.length).toBeGreaterThan(0);
    expect(screen.getByRole("heading", { level: 3, name: "My tutor" })).toBeInTheDocument();
    const sharedList = screen.getByRole("list", { name: "Shared with me" });
    expect(within(sharedList).getAllByRole("article")).toHaveLength(2);

    const filter = screen.getByRole("searchbox", { name: "Filter agents" });
    await userEvent.type(filter, "writer");
    expect(within(sharedList).getAllByRole("article")).toHaveLength(1);
    expect(within(sharedList).getByRole("heading", { name: "Colleague's writer" })).toBeInTheDocument();
    // My agents and my drafts are filtered too: neither has a match.
    expect(screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent)).toEqual([
      "Shared with me",
      "System Agents",
    ]);
    await userEvent.clear(filter);
    await userEvent.type(filter, "tutor");
    expect(screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent)).toEqual([
      "My Personal Agents",
      "System Agents",
    ]);
    await userEvent.clear(filter);

    const drafts = screen.getByRole("list", { name: "Drafts" });
    expect(within(drafts).getByText("Draft (version 3)")).toBeInTheDocument();
    await userEvent.click(within(drafts).getByRole("link", { name: "Edit draft: Half done" }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/chat/agents/configstate/${CONFIG_ID}/edit`));
  });

  it("steps a section without matches aside while filtering, so that only the System agents say so", async () => {
    server.use(
      http.get(`${API}/gptSystems/directory/Personal/SharedWithMe`, () =>
        HttpResponse.json([agent("Colleague's writer", { gptSystemType: "User" })]),
      ),
      // Even with no personal agent at all: its empty text is not a filter's answer.
      http.get(`${API}/gptSystems/directory/Personal/Mine`, () => HttpResponse.json([])),
    );
    signInForTest();
    renderApp("/chat/agents");
    await screen.findByRole("list", { name: "Shared with me" });
    await userEvent.type(screen.getByRole("searchbox", { name: "Filter agents" }), "zebra");
    expect(screen.getAllByText("No agents match “zebra”.")).toHaveLength(1);
    expect(screen.queryByRole("heading", { name: "Shared with me" })).not.toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "My Personal Agents" })).not.toBeInTheDocument();
    expect(screen.queryByText("You have not created any personal agents yet.")).not.toBeInTheDocument();
  });

  it("says how agents get shared when none are, and hides Drafts when there are none", async () => {
    signInForTest();
    renderApp("/chat/agents");
    expect(
      await screen.findByText("Agents other people share with you appear here once you open their link."),
    ).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Drafts" })).not.toBeInTheDocument();
  });
});

describe("Edit Personal Agent: sharing and avatar", { timeout: 30_000 }, () => {
  it("shares by link, shows the link and copies it", async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, "writeText").mockResolvedValue();
    const bodies: unknown[] = [];
    serveEditPage(published);
    server.use(
      http.put(`${API}/gptSystems/personal/:gptSystemId/sharing`, async ({ request, params }) => {
        bodies.push({ gptSystemId: params.gptSystemId, ...((await request.json()) as object) });
        return HttpResponse.json({ isShared: true });
      }),
    );
    signInForTest();
    renderApp(`/chat/agents/configstate/${CONFIG_ID}/edit`);
    const toggle = await screen.findByRole("switch", { name: "Share by link" });
    expect(toggle).not.toBeChecked();
    expect(screen.queryByRole("textbox", { name: "Share link" })).not.toBeInTheDocument();

    await user.click(toggle);
    expect(await screen.findByText("Agent shared")).toBeInTheDocument();
    expect(bodies).toEqual([{ gptSystemId: AGENT_ID, isShared: true }]);
    expect(screen.getByRole("switch", { name: "Share by link" })).toBeChecked();
    const link = `${window.location.origin}/chat/${AGENT_ID}`;
    expect(screen.getByRole("textbox", { name: "Share link" })).toHaveValue(link);
    await user.click(screen.getByRole("button", { name: "Copy link" }));
    expect(writeText).toHaveBeenCalledWith(link);
    expect(await screen.findByText("Link copied")).toBeInTheDocument();
  });

  it("shows the server's refusal for a creator blocked from sharing", async () => {
    serveEditPage(published);
    server.use(
      http.put(`${API}/gptSystems/personal/:gptSystemId/sharing`, () =>
        problemResponse(403, "You are blocked from sharing agents."),
      ),
    );
    signInForTest();
    renderApp(`/chat/agents/configstate/${CONFIG_ID}/edit`);
    await userEvent.click(await screen.findByRole("switch", { name: "Share by link" }));
    expect(
      await screen.findByText("Failed to change sharing: You are blocked from sharing agents."),
    ).toBeInTheDocument();
    expect(screen.getByRole("switch", { name: "Share by link" })).not.toBeChecked();
  });

  it("offers no sharing before the agent's first publication", async () => {
    serveEditPage({ ...published, isPublished: false, gptSystemStatus: "Draft" });
    signInForTest();
    renderApp(`/chat/agents/configstate/${CONFIG_ID}/edit`);
    expect(await screen.findByRole("switch", { name: "Share by link" })).toBeDisabled();
    expect(screen.getByText("Publish the agent to share it.")).toBeInTheDocument();
  });

  it("uploads the chosen image as the avatar, named by the config state id", async () => {
    const forms: { stateId: FormDataEntryValue | null; hasFile: boolean }[] = [];
    serveEditPage(published);
    server.use(
      http.post(`${API}/configStates/:configStateId/avatar`, async ({ request }) => {
        const form = await request.formData();
        forms.push({
          stateId: form.get("gptSystemConfigurationStateId"),
          hasFile: form.has("file"),
        });
        return new HttpResponse(null, { status: 204 });
      }),
    );
    signInForTest();
    renderApp(`/chat/agents/configstate/${CONFIG_ID}/edit`);
    const input = await screen.findByLabelText("Avatar");
    await userEvent.upload(input, new File([new Uint8Array([0x89, 0x50])], "me.png", { type: "image/png" }));
    expect(await screen.findByText("Avatar updated")).toBeInTheDocument();
    // jsdom's File does not survive Node's fetch: the part itself is checked on avatarForm below (and end to end).
    expect(forms).toEqual([{ stateId: CONFIG_ID, hasFile: true }]);
  });

  it("names the upload and its field after the configuration, fields first", () => {
    const form = avatarForm(CONFIG_ID, new Blob(["x"]));
    expect([...form.keys()]).toEqual(["gptSystemConfigurationStateId", "file"]);
    expect((form.get("file") as File).name).toBe(CONFIG_ID);
    expect(shareLinkOf(AGENT_ID, "https://chat.example")).toBe(`https://chat.example/chat/${AGENT_ID}`);
  });
});

describe("opening a share link", { timeout: 30_000 }, () => {
  it("adds an agent the user does not have yet as shared with them", async () => {
    const added: string[] = [];
    server.use(
      http.post(`${API}/CurrentUser/gptSystemSharedWithMe/:gptSystemId`, ({ params }) => {
        added.push(params.gptSystemId as string);
        return HttpResponse.json(agent("Shared", { gptSystemId: AGENT_ID, gptSystemType: "User" }));
      }),
    );
    signInForTest();
    renderApp(`/chat/${AGENT_ID}`);
    await waitFor(() => expect(added).toEqual([AGENT_ID]));
  });

  it("leaves an agent the user already has alone", async () => {
    const added: string[] = [];
    server.use(
      http.post(`${API}/CurrentUser/gptSystemSharedWithMe/:gptSystemId`, ({ params }) => {
        added.push(params.gptSystemId as string);
        return HttpResponse.json(assistantAgent);
      }),
    );
    signInForTest();
    renderApp(`/chat/${assistantAgent.gptSystemId}`);
    expect(await screen.findByText("How can I help?")).toBeInTheDocument();
    expect(added).toEqual([]);
  });
});

describe("the Agents tab rows", { timeout: 30_000 }, () => {
  it("offer Edit on the user's own personal agents only, opening 'Edit Personal Agent' on a draft", async () => {
    const own = agent("My tutor", { gptSystemType: "User", ownership: { ownerIsCurrentUser: true } });
    const shared = agent("Someone's agent", { gptSystemType: "User", ownership: { ownerIsCurrentUser: false } });
    const drafted: string[] = [];
    serveEditPage({ ...published, isPublished: false, configStateId: CONFIG_ID });
    server.use(
      http.get(`${API}/CurrentUser/recentGptSystems`, () => HttpResponse.json([own, shared, assistantAgent])),
      http.post(`${API}/configStates/fromGptSystem/:gptSystemId`, ({ params }) => {
        drafted.push(params.gptSystemId as string);
        return HttpResponse.json({ configuration: { ...published, isPublished: false } }, { status: 201 });
      }),
    );
    signInForTest();
    const { router } = renderApp("/chat");
    const navigation = await openNavigation();
    await userEvent.click(within(navigation).getByRole("tab", { name: "Agents" }));
    const recent = await within(navigation).findByRole("list", { name: "Recent agents" });
    expect(
      within(recent)
        .getAllByRole("button", { name: /^Edit agent/ })
        .map((b) => b.getAttribute("aria-label")),
    ).toEqual(["Edit agent: My tutor"]);
    await userEvent.click(within(recent).getByRole("button", { name: "Edit agent: My tutor" }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/chat/agents/configstate/${CONFIG_ID}/edit`));
    expect(drafted).toEqual([own.gptSystemId]);
  });
});
