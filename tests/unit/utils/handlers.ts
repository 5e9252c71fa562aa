import { http, HttpResponse } from "msw";
import { adminActions, brand, buildInfo, instanceSettings, userDetails } from "./fixtures";

export const API = "/api/internal";

/** The foundation endpoints answering as a healthy server does; tests override what they exercise. */
export const defaultHandlers = [
  http.get("/readyz", () => HttpResponse.json({ status: "ok" })),
  http.get(`${API}/InstanceSettings`, () => HttpResponse.json(instanceSettings)),
  http.get(`${API}/features/List`, () =>
    HttpResponse.json([
      { name: "AllowUserCreatedGptSystems", enabled: true },
      { name: "ShowFooter", enabled: true },
    ]),
  ),
  http.get(`${API}/brands/:brandKey`, () => HttpResponse.json(brand)),
  http.get(`${API}/buildInfo`, () => HttpResponse.json(buildInfo)),
  http.get(`${API}/CurrentUser/details`, () => HttpResponse.json(userDetails)),
  http.get(`${API}/CurrentUser/UserRolesWithResolvedActions`, () =>
    HttpResponse.json({ roles: [], resolvedActions: adminActions }),
  ),
];

/** Feature flags as the server lists them. */
export function featuresHandler(flags: Record<string, boolean>) {
  return http.get(`${API}/features/List`, () =>
    HttpResponse.json(Object.entries(flags).map(([name, enabled]) => ({ name, enabled }))),
  );
}
