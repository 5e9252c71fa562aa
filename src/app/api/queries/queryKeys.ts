/**
 * Query keys of the shell's calls. User-specific keys sit under "currentUser"
 * and carry the user's id, so that a new sign-in never sees another user's cache.
 */
export const queryKeys = {
  instanceSettings: ["instanceSettings"] as const,
  features: ["features"] as const,
  buildInfo: ["buildInfo"] as const,
  brand: (brandKey: string) => ["brands", brandKey] as const,
  currentUserDetails: (userId: string | null) => ["currentUser", userId, "details"] as const,
  currentUserRoles: (userId: string | null) => ["currentUser", userId, "rolesWithResolvedActions"] as const,
};
