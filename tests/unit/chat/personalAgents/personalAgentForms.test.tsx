import { configure, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { API } from "../../utils/handlers";
import { renderApp, signInForTest } from "../../utils/renderApp";
import { server } from "../../utils/server";
import { openNavigation } from "../navigation/navigationFixtures";
import { CONFIG_ID, personalConfig, problemResponse, serveEditPage } from "./personalAgentFixtures";

// The whole app renders in jsdom on a shared 2-core machine: give pages time to appear.
configure({ asyncUtilTimeout: 10_000 });

const draft = personalConfig();

async function openQuickCreate() {
  signInForTest();
  renderApp("/chat");
  const navigation = await openNavigation();
  await userEvent.click(within(navigation).getByRole("tab", { name: "Agents" }));
  await userEvent.click(await within(navigation).findByRole("button", { name: "Create a Personal Agent" }));
  return screen.findByRole("dialog", { name: "Create a Personal Agent" });
}

describe("Quick Create", { timeout: 30_000 }, () => {
  it("checks the name with the spec's messages, creates the agent and opens 'Edit Personal Agent'", async () => {
    const names: unknown[] = [];
    serveEditPage(draft);
    server.use(
      http.post(`${API}/configStates/personal`, async ({ request }) => {
        names.push(await request.json());
        return HttpResponse.json({ configuration: draft }, { status: 201 });
      }),
    );
    const dialog = await openQuickCreate();
    const name = within(dialog).getByRole("textbox", { name: "Agent name" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Create" }));
    expect(within(dialog).getByText("Name is required")).toBeInTheDocument();
    await userEvent.type(name, "   ");
    await userEvent.click(within(dialog).getByRole("button", { name: "Create" }));
    expect(within(dialog).getByText("Name is required")).toBeInTheDocument();
    await userEvent.clear(name);
    await userEvent.click(name);
    await userEvent.paste("x".repeat(151));
    expect(within(dialog).getByText("Name exceeds the maximum limit of 150 characters")).toBeInTheDocument();
    expect(names).toEqual([]);

    await userEvent.clear(name);
    await userEvent.type(name, "  Trip planner ");
    await userEvent.click(within(dialog).getByRole("button", { name: "Create" }));
    expect(
      await screen.findByRole("heading", { name: "Edit Personal Agent" }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(names).toEqual([{ gptSystemName: "Trip planner" }]);
    expect(await screen.findByRole("textbox", { name: "Agent name" })).toHaveValue("Trip planner");
  });

  it("shows 'Create Agent Failure!' when the server refuses", async () => {
    server.use(http.post(`${API}/configStates/personal`, () => problemResponse(403)));
    const dialog = await openQuickCreate();
    await userEvent.type(within(dialog).getByRole("textbox", { name: "Agent name" }), "Nope");
    await userEvent.click(within(dialog).getByRole("button", { name: "Create" }));
    expect(await screen.findByText("Create Agent Failure!")).toBeInTheDocument();
    expect(screen.getByRole("dialog", { name: "Create a Personal Agent" })).toBeInTheDocument();
  });
});

describe("Edit Personal Agent", { timeout: 30_000 }, () => {
  it("says in the server's words why a draft is refused, keeping what was typed", async () => {
    serveEditPage(draft);
    server.use(
      http.put(`${API}/configStates/:configStateId`, () =>
        problemResponse(403, "You are blocked from creating agents."),
      ),
    );
    signInForTest();
    renderApp(`/chat/agents/configstate/${CONFIG_ID}/edit`);
    const instructions = await screen.findByRole("textbox", { name: "Instructions" });
    await userEvent.type(instructions, "Plan trips.");
    await userEvent.click(screen.getByRole("button", { name: "Save draft" }));
    expect(await screen.findByText("You are blocked from creating agents.")).toBeInTheDocument();
    expect(screen.queryByText("Failed to save the agent")).not.toBeInTheDocument();
    expect(instructions).toHaveValue("Plan trips.");
  });

  it("saves the draft's fields and shows the server's field errors where they belong", async () => {
    const bodies: unknown[] = [];
    serveEditPage(draft);
    server.use(
      http.put(`${API}/configStates/:configStateId`, async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        bodies.push(body);
        if (bodies.length === 1) return problemResponse(400, undefined, { systemPrompt: ["must NOT have more than 100000 characters"] });
        return HttpResponse.json({ configuration: { ...draft, ...body } });
      }),
    );
    signInForTest();
    renderApp(`/chat/agents/configstate/${CONFIG_ID}/edit`);
    const instructions = await screen.findByRole("textbox", { name: "Instructions" });
    await userEvent.type(instructions, "Plan trips.");
    await userEvent.type(screen.getByRole("spinbutton", { name: "Temperature" }), "0.4");
    await userEvent.click(screen.getByRole("button", { name: "Save draft" }));
    expect(await screen.findByText("must NOT have more than 100000 characters")).toBeInTheDocument();
    expect(screen.getByText("Failed to save the agent")).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Save draft" }));
    expect(await screen.findByText("Draft saved")).toBeInTheDocument();
    expect(bodies[1]).toEqual({
      gptSystemName: "Trip planner",
      description: "",
      systemPrompt: "Plan trips.",
      introduction: "",
      languageEngine: "local",
      deploymentName: "local",
      temperature: 0.4,
    });
  });

  it("opens a draft from the published configuration, or says 'Failed to create agent configuration state'", async () => {
    serveEditPage({ ...draft, isPublished: true, gptSystemStatus: "Active" });
    server.use(http.post(`${API}/configStates/fromGptSystem/:gptSystemId`, () => problemResponse(500)));
    signInForTest();
    renderApp(`/chat/agents/configstate/${CONFIG_ID}/edit`);
    await userEvent.click(await screen.findByRole("button", { name: "Edit" }));
    expect(await screen.findByText("Failed to create agent configuration state")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("textbox", { name: "Instructions" })).not.toBeInTheDocument());
  });
});
