/** A personal agent's configuration and the calls 'Edit Personal Agent' makes, as the personal-agent UI tests serve them. */
import { http, HttpResponse } from "msw";
import type { components } from "../../../../src/generated/api";
import { defaultModelSettings } from "../../utils/fixtures";
import { API } from "../../utils/handlers";
import { server } from "../../utils/server";

export type Config = components["schemas"]["PersonalConfigState"];

export const CONFIG_ID = "00000000-0000-4000-8000-0000000000e1";
export const AGENT_ID = "00000000-0000-4000-8000-0000000000e2";

/** The first draft of an agent never published, on the local engine; `changes` make it something else. */
export function personalConfig(changes: Partial<Config> = {}): Config {
  return {
    configStateId: CONFIG_ID,
    gptSystemId: AGENT_ID,
    gptSystemName: "Trip planner",
    description: "",
    configStateType: "User",
    version: 1,
    isPublished: false,
    gptSystemStatus: "Draft",
    systemPrompt: "",
    introduction: "",
    ...defaultModelSettings,
    isShared: false,
    hasCustomAvatar: false,
    updatedAt: "2026-11-21T10:00:00Z",
    ...changes,
  };
}

const deployments = [
  {
    languageEngine: "local",
    connectionName: "Built-in",
    deploymentName: "local",
    displayName: "Local engine (no language model)",
    supportsVision: false,
  },
];

/** 'Edit Personal Agent' on `config` (a function is read on every fetch), with its form's deployments and the identicon. */
export function serveEditPage(config: Config | (() => Config)) {
  const current = typeof config === "function" ? config : () => config;
  server.use(
    // Before :configStateId, which would match it too.
    http.get(`${API}/configStates/deployments`, () => HttpResponse.json(deployments)),
    http.get(`${API}/configStates/:configStateId`, () => HttpResponse.json({ configuration: current() })),
    http.get(
      `${API}/gptSystems/common/management/:gptSystemId/avatar`,
      () => new HttpResponse("<svg/>", { headers: { "Content-Type": "image/svg+xml" } }),
    ),
  );
}

/** An application/problem+json refusal. */
export function problemResponse(status: number, detail?: string, errors?: Record<string, string[]>) {
  return HttpResponse.json(
    { type: "about:blank", title: "Error", status, ...(detail ? { detail } : {}), ...(errors ? { errors } : {}) },
    { status, headers: { "Content-Type": "application/problem+json" } },
  );
}
