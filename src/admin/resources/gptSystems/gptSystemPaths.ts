/** Spec §2: /admin/gptsystem: list; new; {id}/edit (optional trailing true); {id}/publish; {id}/ux; configstate/{id}/edit. */
const base = "/admin/gptsystem";
const segment = (id: string) => encodeURIComponent(id);

export const gptSystemPaths = {
  list: base,
  edit: (id: string) => `${base}/${segment(id)}/edit`,
  publish: (id: string, configStateId?: string) =>
    `${base}/${segment(id)}/publish${configStateId ? `?configStateId=${segment(configStateId)}` : ""}`,
  ux: (id: string) => `${base}/${segment(id)}/ux`,
  configStateEdit: (configStateId: string) => `${base}/configstate/${segment(configStateId)}/edit`,
};

/** Route patterns under /admin (RegistryAdmin's basename). */
export const gptSystemRoutePatterns = {
  edit: "gptsystem/:id/edit",
  editTrailing: "gptsystem/:id/edit/true",
  publish: "gptsystem/:id/publish",
  ux: "gptsystem/:id/ux",
  configStateEdit: "gptsystem/configstate/:configStateId/edit",
};
