/** Spec §2: /admin/user: list; new; cards; {id}/profile; account; {userId}/edit. */
const base = "/admin/user";
const segment = (id: string) => encodeURIComponent(id);

export const userPaths = {
  list: base,
  create: `${base}/new`,
  cards: `${base}/cards`,
  account: `${base}/account`,
  profile: (id: string) => `${base}/${segment(id)}/profile`,
  edit: (id: string) => `${base}/${segment(id)}/edit`,
};

/** Route patterns under /admin (RegistryAdmin's basename). */
export const userRoutePatterns = {
  cards: "user/cards",
  account: "user/account",
  profile: "user/:id/profile",
};
