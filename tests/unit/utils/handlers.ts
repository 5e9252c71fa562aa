import { http, HttpResponse } from "msw";
import { analyticsHandlers } from "../admin/dashboardFixtures";
import { adminActions, assistantAgent, brand, buildInfo, instanceSettings, userDetails } from "./fixtures";

export const API = "/api/internal";

/** The foundation endpoints answering as a healthy server does; tests override what they exercise. */
export const defaultHandlers = [
  // The admin dashboard: an empty reporting period.
  ...analyticsHandlers(),
  http.get("/readyz", () => HttpResponse.json({ status: "ok" })),
  http.get("/healthz", () => HttpResponse.json({ status: "ok" })),
  http.get(`${API}/InstanceSettings`, () => HttpResponse.json(instanceSettings)),
  http.get(`${API}/features/List`, () =>
    HttpResponse.json([
      { name: "AllowUserCreatedGptSystems", enabled: true },
      { name: "ShowFooter", enabled: true },
    ]),
  ),
  http.get(`${API}/brands/:brandKey`, () => HttpResponse.json(brand)),
  http.get(`${API}/buildInfo`, () => HttpResponse.json(buildInfo)),
  http.get(`${API}/uploadLimits`, () =>
    HttpResponse.json({ maxImageBytes: 10485760, maxPdfBytes: 20971520, maxDocxBytes: 20971520, maxTextBytes: 5242880 }),
  ),
  http.get(`${API}/CurrentUser/details`, () => HttpResponse.json(userDetails)),
  // No guidelines await consent unless a test says so.
  http.get(`${API}/guidelinesDocuments/pendingConsent`, () => HttpResponse.json([])),
  http.get(`${API}/CurrentUser/UserRolesWithResolvedActions`, () =>
    HttpResponse.json({ roles: [], resolvedActions: adminActions }),
  ),
  // The chat side navigation: one agent, no conversations yet.
  http.get(`${API}/userConversations`, () => HttpResponse.json({ items: [], continuationToken: null })),
  http.get(`${API}/userConversations/archived`, () => HttpResponse.json({ items: [], continuationToken: null })),
  // Stop: the server stops the answer and stores it as Aborted.
  http.post(`${API}/userConversations/:conversationId/segments/:conversationSegmentId/stop`, () => new HttpResponse(null, { status: 204 })),
  http.get(`${API}/CurrentUser/AvailableGptSystems`, () => HttpResponse.json([assistantAgent])),
  http.get(`${API}/CurrentUser/recentGptSystems`, () => HttpResponse.json([])),
  http.get(`${API}/CurrentUser/pinnedGptSystems`, () => HttpResponse.json([])),
  http.get(`${API}/gptSystems/directory/System`, () => HttpResponse.json([assistantAgent])),
  // Personal agents and moderation: none yet (the moderation badge asks for the Open count).
  http.get(`${API}/gptSystems/directory/Personal/Mine`, () => HttpResponse.json([])),
  http.get(`${API}/gptSystems/directory/Personal/SharedWithMe`, () => HttpResponse.json([])),
  http.get(`${API}/gptSystems/directory/Personal/ConfigStates`, () => HttpResponse.json([])),
  // Opening /chat/{id} for an agent not in the available list tries it as a share link: nothing is shared.
  http.post(`${API}/CurrentUser/gptSystemSharedWithMe/:gptSystemId`, () =>
    HttpResponse.json({ type: "about:blank", title: "Not Found", status: 404 }, { status: 404 }),
  ),
  http.get(`${API}/configStates/:configStateId`, () =>
    HttpResponse.json({ type: "about:blank", title: "Not Found", status: 404 }, { status: 404 }),
  ),
  http.get(`${API}/admin/moderation/reports`, () =>
    HttpResponse.json([], { headers: { "Content-Range": "moderation */0" } }),
  ),
  http.get(`${API}/userConversations/gptSystems/:gptSystemId/detailsForConversation`, () =>
    HttpResponse.json({
      gptSystemId: assistantAgent.gptSystemId,
      name: assistantAgent.name,
      description: assistantAgent.description,
      gptSystemType: "System",
      introduction: "How can I help?",
      capabilityTypes: [],
      supportsVision: false,
      deploymentName: "local",
      languageEngine: "local",
    }),
  ),
  http.get(`${API}/userConversations/gptSystems/:gptSystemId/promptsForConversation`, () => HttpResponse.json([])),
  http.get(`${API}/gptSystems/common/management/:gptSystemId/avatar`, () =>
    HttpResponse.text("<svg xmlns='http://www.w3.org/2000/svg'/>", { headers: { "Content-Type": "image/svg+xml" } }),
  ),
];

/** Feature flags as the server lists them. */
export function featuresHandler(flags: Record<string, boolean>) {
  return http.get(`${API}/features/List`, () =>
    HttpResponse.json(Object.entries(flags).map(([name, enabled]) => ({ name, enabled }))),
  );
}
